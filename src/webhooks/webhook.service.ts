import type { DataSource, EntityManager } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../common/errors';
import { parseId, parseIdOrNotFound, type RecordId } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import { FieldErrorCollector, validationProblems } from '../common/validation';
import { type RowLock, softDeleteInWorkspace, tenantQuery } from '../db/tenant-scope';
import { EVENT_TYPES, type EventType, readableEventTypes } from '../events/event-catalogue';
import type { SecretBox } from '../secrets/secret-box';
import type { DeliveryQueue } from './delivery/delivery-queue';
import { newSigningSecret } from './delivery/signing';
import type { DestinationPolicy } from './destination-guard';
import { lockWebhook, WEBHOOK } from './webhook-lookup';
import { WebhookServiceConfig } from './webhook-service.entity';
import { Webhook } from './webhook.entity';
import { WebhookInput } from './webhook.input';
import { checkDestination, lockWebhookWrites } from './webhook-writes';

/** Per workspace; enough for every receiver a partner runs, few enough that fan-out stays cheap. */
export const MAX_WEBHOOKS = 50;
/** How long the secret before a rotation keeps signing alongside the new one. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** What creating a webhook requires (its update and create share WebhookInput); the REST document states it too. */
export const WEBHOOK_REQUIRED_ON_CREATE = ['name', 'url', 'events'] as const;

/** What the webhook module needs beyond the database. */
export interface WebhookDeps {
  secrets: SecretBox;
  policy: DestinationPolicy;
  queue: DeliveryQueue;
}

/** A webhook together with its signing secret: only create and rotate return one. */
export interface WebhookWithSecret {
  webhook: Webhook;
  secret: string;
}

/**
 * Webhooks (subscriptions). Their services (credentials) are webhook-service-config.service.ts's;
 * their delivery logs, test pings, redeliveries and recoveries delivery-log.service.ts's.
 */
export class WebhookService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: WebhookDeps,
  ) {}


  async list(ctx: RequestContext): Promise<Webhook[]> {
    return this.webhooks(this.dataSource.manager, ctx).orderBy('w.id', 'ASC').getMany();
  }

  /** For DataLoader: the workspace's live webhooks among `ids`. */
  async findByIds(ctx: RequestContext, ids: readonly number[]): Promise<Webhook[]> {
    return this.webhooks(this.dataSource.manager, ctx).andWhere('w.id = ANY(:ids)', { ids: [...ids] }).getMany();
  }

  async get(ctx: RequestContext, id: RecordId): Promise<Webhook> {
    return this.load(this.dataSource.manager, ctx, parseIdOrNotFound(id, WEBHOOK));
  }

  async create(ctx: RequestContext, input: WebhookInput): Promise<WebhookWithSecret> {
    const problems = await validationProblems(input, WEBHOOK_REQUIRED_ON_CREATE);
    await checkDestination(input.url, this.deps.policy, problems);
    checkEventsReadable(ctx, input.events, problems);
    problems.throwIfAny();
    const secret = newSigningSecret();
    const webhook = await this.dataSource.transaction(async (manager) => {
      await lockWebhookWrites(manager, ctx);
      const serviceId = input.serviceId === undefined ? await this.defaultServiceId(manager, ctx) : await this.checkService(manager, ctx, input.serviceId, problems);
      problems.throwIfAny();
      const count = await tenantQuery(manager, Webhook, 'w', ctx).getCount();
      if (count >= MAX_WEBHOOKS) throw ValidationFailedError.single('url', `cannot be added: a workspace has at most ${MAX_WEBHOOKS} webhooks`);
      const inserted = await manager.insert(Webhook, {
        organisationId: ctx.organisationId,
        name: input.name,
        url: input.url,
        events: input.events,
        serviceId,
        rateLimit: input.rateLimit ?? null,
        secretSealed: this.deps.secrets.seal(secret),
      });
      return this.load(manager, ctx, inserted.identifiers[0].id as number);
    });
    return { webhook, secret };
  }

  async update(ctx: RequestContext, rawId: RecordId, input: WebhookInput): Promise<Webhook> {
    const id = parseIdOrNotFound(rawId, WEBHOOK);
    const problems = await validationProblems(input);
    await checkDestination(input.url, this.deps.policy, problems);
    checkEventsReadable(ctx, input.events, problems);
    problems.throwIfAny();
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      const values: Partial<Webhook> = {};
      if (input.serviceId !== undefined) values.serviceId = await this.checkService(manager, ctx, input.serviceId, problems);
      problems.throwIfAny();
      if (input.name !== undefined) values.name = input.name;
      if (input.url !== undefined) values.url = input.url;
      if (input.events !== undefined) values.events = input.events;
      if (input.rateLimit !== undefined) values.rateLimit = input.rateLimit;
      if (Object.keys(values).length > 0) await manager.update(Webhook, { id, organisationId: ctx.organisationId }, values);
      return this.load(manager, ctx, id);
    });
  }

  /** Soft delete: pending deliveries fail at their next attempt; the log stays readable for the retention period. */
  async delete(ctx: RequestContext, rawId: RecordId): Promise<Webhook> {
    const id = parseIdOrNotFound(rawId, WEBHOOK);
    return this.dataSource.transaction(async (manager) => {
      await this.load(manager, ctx, id, 'update');
      await softDeleteInWorkspace(manager, Webhook, ctx, id, { active: false });
      return manager.findOneOrFail(Webhook, { where: { id, organisationId: ctx.organisationId }, withDeleted: true, relations: { service: true } });
    });
  }

  /** Enabling also forgets the failing streak, so a webhook is not disabled again by failures from before. */
  async setActive(ctx: RequestContext, rawId: RecordId, active: boolean): Promise<Webhook> {
    const id = parseIdOrNotFound(rawId, WEBHOOK);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.load(manager, ctx, id, 'update');
      if (current.active !== active) {
        await manager.update(Webhook, { id, organisationId: ctx.organisationId }, active ? { active, disabledReason: null, failingSince: null } : { active, disabledReason: 'disabled by a client' });
      }
      return this.load(manager, ctx, id);
    });
  }

  /** A new signing secret; the previous one keeps signing alongside it for 24 hours. */
  async rotateSecret(ctx: RequestContext, rawId: RecordId): Promise<WebhookWithSecret> {
    const id = parseIdOrNotFound(rawId, WEBHOOK);
    const secret = newSigningSecret();
    const webhook = await this.dataSource.transaction(async (manager) => {
      const current = await this.load(manager, ctx, id, 'update');
      await manager.update(
        Webhook,
        { id, organisationId: ctx.organisationId },
        { secretSealed: this.deps.secrets.seal(secret), previousSecretSealed: current.secretSealed, previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS) },
      );
      return this.load(manager, ctx, id);
    });
    return { webhook, secret };
  }

  // ---- helpers ----

  private webhooks(manager: EntityManager, ctx: RequestContext) {
    return tenantQuery(manager, Webhook, 'w', ctx).leftJoinAndSelect('w.service', 'service');
  }

  private async load(manager: EntityManager, ctx: RequestContext, id: number, lock: RowLock = false): Promise<Webhook> {
    if (lock) await lockWebhook(manager, ctx, id, lock);
    const webhook = await this.webhooks(manager, ctx).andWhere('w.id = :id', { id }).getOne();
    if (!webhook) throw new NotFoundError(WEBHOOK);
    return webhook;
  }

  private async defaultServiceId(manager: EntityManager, ctx: RequestContext): Promise<number | null> {
    // Held like a named service: a concurrent delete of it must wait for this webhook, then see it.
    const service = await tenantQuery(manager, WebhookServiceConfig, 's', ctx).andWhere('s.isDefault').setLock('pessimistic_read').getOne();
    return service?.id ?? null;
  }

  /** The service a webhook names: null for none, or a live service of this workspace (held against deletion). */
  private async checkService(manager: EntityManager, ctx: RequestContext, raw: string | number | null, problems: FieldErrorCollector): Promise<number | null> {
    if (raw === null) return null;
    const id = parseId(raw);
    if (id === null) return null; // the input's rules have reported it
    const found = await tenantQuery(manager, WebhookServiceConfig, 's', ctx).andWhere('s.id = :id', { id }).setLock('pessimistic_read').getOne();
    if (!found) problems.add('serviceId', 'names no webhook service of this workspace');
    return id;
  }

}

/**
 * A webhook delivers what its creator could read: a key may subscribe it only to event types of
 * groups it can read (its deliveries then go on whatever becomes of that key).
 */
function checkEventsReadable(ctx: RequestContext, events: readonly string[] | undefined, problems: FieldErrorCollector): void {
  if (!Array.isArray(events)) return;
  const readable = readableEventTypes(ctx.scopes) as readonly string[];
  const unreadable = events.filter((type) => typeof type === 'string' && EVENT_TYPES.includes(type as EventType) && !readable.includes(type));
  if (unreadable.length > 0) problems.add('events', `names event types this API key cannot read (${unreadable.join(', ')}): it needs their groups' read scope`);
}
