import type { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '../common/errors';
import { parseId, parseIdOrNotFound, type RecordId } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import { type FieldErrorCollector, validationProblems } from '../common/validation';
import { findManyInWorkspace, loadInWorkspace, type RowLock, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import type { SecretBox } from '../secrets/secret-box';
import type { DestinationPolicy } from './destination-guard';
import { WebhookServiceConfig } from './webhook-service.entity';
import { checkDestination, lockWebhookWrites } from './webhook-writes';
import { Webhook } from './webhook.entity';
import { WebhookServiceInput } from './webhook.input';

/** Resource name of a service's NOT_FOUND message (`Webhook service not found`). */
const SERVICE = 'Webhook service';
/** Per workspace; enough for every receiver a partner runs. */
export const MAX_SERVICES = 50;
/** What creating a webhook service requires (its update and create share WebhookServiceInput); the REST document states it too. */
export const SERVICE_REQUIRED_ON_CREATE = ['name'] as const;

/**
 * Webhook services: the OAuth 2.0 client credentials webhooks' deliveries use, one of them the
 * workspace's default. The secret is sealed and never shown.
 */
export class WebhookServiceConfigService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: { secrets: SecretBox; policy: DestinationPolicy },
  ) {}

  async list(ctx: RequestContext): Promise<WebhookServiceConfig[]> {
    return tenantQuery(this.dataSource.manager, WebhookServiceConfig, 's', ctx).orderBy('s.id', 'ASC').getMany();
  }

  /** For DataLoader: the workspace's services among `ids`. */
  async findByIds(ctx: RequestContext, ids: readonly number[]): Promise<WebhookServiceConfig[]> {
    return findManyInWorkspace(this.dataSource.manager, WebhookServiceConfig, ctx, ids);
  }

  async create(ctx: RequestContext, input: WebhookServiceInput): Promise<WebhookServiceConfig> {
    const problems = await validationProblems(input, SERVICE_REQUIRED_ON_CREATE);
    checkCredentials(input, null, problems);
    await checkDestination(input.authUrl, this.deps.policy, problems, 'authUrl');
    problems.throwIfAny();
    return this.dataSource.transaction(async (manager) => {
      await lockWebhookWrites(manager, ctx);
      const count = await tenantQuery(manager, WebhookServiceConfig, 's', ctx).getCount();
      if (count >= MAX_SERVICES) throw ValidationFailedError.single('name', `cannot be added: a workspace has at most ${MAX_SERVICES} webhook services`);
      if (input.isDefault) await this.clearDefault(manager, ctx);
      const inserted = await manager.insert(WebhookServiceConfig, { ...this.serviceValues(input), isDefault: input.isDefault ?? false, organisationId: ctx.organisationId });
      return this.loadService(manager, ctx, inserted.identifiers[0].id as number);
    });
  }

  /**
   * The v2 upsert (§2.11): an absent or null `id` creates a service; otherwise it names the one to
   * update, and a malformed `id` is a field error of the body (it is a field there, not a path).
   */
  async upsert(ctx: RequestContext, rawId: unknown, input: WebhookServiceInput): Promise<{ service: WebhookServiceConfig; created: boolean }> {
    if (rawId === undefined || rawId === null) return { service: await this.create(ctx, input), created: true };
    const id = parseId(rawId);
    if (id === null) throw new ValidationFailedError({ id: ['must be a positive integer id'] });
    return { service: await this.update(ctx, id, input), created: false };
  }

  async update(ctx: RequestContext, rawId: RecordId, input: WebhookServiceInput): Promise<WebhookServiceConfig> {
    const id = parseIdOrNotFound(rawId, SERVICE);
    const problems = await validationProblems(input);
    await checkDestination(input.authUrl, this.deps.policy, problems, 'authUrl');
    // A malformed id first, then field rules, then whether the service exists (as every update does); the credentials rule needs the stored service.
    problems.throwIfAny();
    return this.dataSource.transaction(async (manager) => {
      await lockWebhookWrites(manager, ctx);
      const current = await this.loadService(manager, ctx, id, 'update');
      checkCredentials(input, current, problems);
      problems.throwIfAny();
      if (input.isDefault === true && !current.isDefault) await this.clearDefault(manager, ctx);
      const values = this.serviceValues(input);
      if (input.isDefault !== undefined) Object.assign(values, { isDefault: input.isDefault });
      if (Object.keys(values).length > 0) await manager.update(WebhookServiceConfig, { id, organisationId: ctx.organisationId }, values);
      return this.loadService(manager, ctx, id);
    });
  }

  /** Refused while live webhooks use the service: they would silently lose their credentials. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<WebhookServiceConfig> {
    const id = parseIdOrNotFound(rawId, SERVICE);
    return this.dataSource.transaction(async (manager) => {
      await this.loadService(manager, ctx, id, 'update');
      const users = await tenantQuery(manager, Webhook, 'w', ctx).andWhere('w.serviceId = :id', { id }).getCount();
      if (users > 0) throw ValidationFailedError.single('id', `is used by ${users} webhook(s); move them to another service or delete them first`);
      return softDeleteInWorkspace(manager, WebhookServiceConfig, ctx, id, { isDefault: false });
    });
  }

  private loadService(manager: EntityManager, ctx: RequestContext, id: number, lock: RowLock = false): Promise<WebhookServiceConfig> {
    return loadInWorkspace(manager, WebhookServiceConfig, ctx, id, SERVICE, lock);
  }

  private async clearDefault(manager: EntityManager, ctx: RequestContext): Promise<void> {
    await manager.update(WebhookServiceConfig, { organisationId: ctx.organisationId, isDefault: true }, { isDefault: false });
  }

  private serviceValues(input: WebhookServiceInput): Partial<WebhookServiceConfig> {
    const values: Partial<WebhookServiceConfig> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.clientId !== undefined) values.clientId = input.clientId;
    if (input.authUrl !== undefined) values.authUrl = input.authUrl;
    if (input.clientSecret !== undefined) values.clientSecretSealed = input.clientSecret === null ? null : this.deps.secrets.seal(input.clientSecret);
    return values;
  }
}

/**
 * `clientId`, `clientSecret` and `authUrl` are all set or all unset, judged on the service as it
 * would be saved (an update may keep the stored secret by leaving it out).
 */
function checkCredentials(input: WebhookServiceInput, current: WebhookServiceConfig | null, problems: FieldErrorCollector): void {
  const resulting = {
    clientId: input.clientId !== undefined ? input.clientId : (current?.clientId ?? null),
    clientSecret: input.clientSecret !== undefined ? input.clientSecret : (current?.clientSecretSealed ?? null),
    authUrl: input.authUrl !== undefined ? input.authUrl : (current?.authUrl ?? null),
  };
  const set = Object.entries(resulting).filter(([, value]) => value !== null && value !== undefined);
  if (set.length === 0 || set.length === 3) return;
  for (const [field, value] of Object.entries(resulting)) {
    if ((value === null || value === undefined) && !problems.has(field)) problems.add(field, 'is required with the other client credentials (client_id, client_secret, auth_url come together or not at all)');
  }
}
