import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { IdArg, NodeRef } from '../graphql/node';
import { NotFoundError } from '../common/errors';
import { DateTimeScalar } from '../graphql/scalars';
import { FeedEvent, toFeedEvent } from '../events/event.graphql';
import { EVENT_RETENTION_DAYS } from '../events/event.service';
import { type ConnectionArgs, connectionRequest } from '../db/lists/list-request';
import { type Connection, toConnection } from '../graphql/connection';
import type { GraphQLContext } from '../graphql/context';
import { CREATE_INPUT_ARG, idArg, mutationIdArg, UPDATE_INPUT_ARG } from '../graphql/descriptions';
import { attempt, type MutationOutcome, UserErrorCode } from '../graphql/user-error';
import { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookServiceConfig } from './webhook-service.entity';
import { Webhook } from './webhook.entity';
import { deliveryList } from './delivery.list';
import {
  DeliveryListArgs,
  WebhookDeletePayload,
  WebhookDeliveryConnection,
  WebhookDeliveryPayload,
  WebhookPayload,
  WebhookRecoverPayload,
  WebhookSecretPayload,
  WebhookServiceDeletePayload,
  WebhookServicePayload,
} from './webhook.graphql';
import { WebhookInput, WebhookServiceInput } from './webhook.input';
import { DELIVERY } from './delivery-log.service';
import { MAX_SERVICES } from './webhook-service-config.service';
import { MAX_WEBHOOKS } from './webhook.service';

/**
 * attempt() for a mutation naming two records: `attempt` reports every NOT_FOUND on one argument,
 * so the one that names the missing record is put back afterwards.
 */
async function attemptOnDelivery<T>(run: () => Promise<T>): Promise<MutationOutcome<T>> {
  const missing: { argument: string | null } = { argument: null };
  const outcome = await attempt(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof NotFoundError) missing.argument = error.resource === DELIVERY ? 'deliveryId' : 'webhookId';
      throw error;
    }
  }, { fields: null, id: 'webhookId' });
  const { argument } = missing;
  if (argument === null) return outcome;
  return { ...outcome, userErrors: outcome.userErrors.map((error) => (error.code === UserErrorCode.NOT_FOUND ? { ...error, field: [argument] } : error)) };
}

@Resolver(() => Webhook)
export class WebhookResolver {
  @RequiresScope('webhooks:read')
  @Query(() => [WebhookServiceConfig], { description: `Webhook services of the workspace (at most ${MAX_SERVICES}), by id.` })
  async webhookServices(@Ctx() { request, services }: GraphQLContext): Promise<WebhookServiceConfig[]> {
    return services.webhookServices.list(request);
  }

  @RequiresScope('webhooks:read')
  @Query(() => [Webhook], { description: `Webhooks of the workspace, by id. A plain list, not a connection: a workspace has at most ${MAX_WEBHOOKS}.` })
  async webhooks(@Ctx() { request, services }: GraphQLContext): Promise<Webhook[]> {
    return services.webhooks.list(request);
  }

  @RequiresScope('webhooks:read')
  @Query(() => Webhook, { nullable: true, description: 'One webhook; NOT_FOUND when it is not in this workspace.' })
  async webhook(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Webhook', { description: idArg('webhook') }) id: string): Promise<Webhook> {
    return services.webhooks.get(request, id);
  }

  @RequiresScope('webhooks:read')
  @Query(() => WebhookDelivery, {
    nullable: true,
    description: "One delivery with every attempt, also of a deleted webhook (its log stays readable); NOT_FOUND when the webhook is not this workspace's or the delivery not the webhook's.",
  })
  async webhookDelivery(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('webhookId', 'Webhook', { description: 'Id of the webhook, deleted ones included.' }) webhookId: string,
    @IdArg('deliveryId', 'WebhookDelivery', { description: 'Id of a delivery of that webhook.' }) deliveryId: string,
  ): Promise<WebhookDelivery> {
    return services.webhookDeliveries.delivery(request, webhookId, deliveryId);
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookServicePayload, { description: `Creates a webhook service; a workspace has at most ${MAX_SERVICES}.` })
  async webhookServiceCreate(
    @Ctx() { request, services }: GraphQLContext,
    @Arg('input', () => WebhookServiceInput, { description: CREATE_INPUT_ARG }) input: WebhookServiceInput,
  ): Promise<WebhookServicePayload> {
    const { result, userErrors } = await attempt(() => services.webhookServices.create(request, input));
    return { webhookService: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookServicePayload, { description: 'Changes the given fields; omitted fields stay as they are (an omitted `clientSecret` keeps the stored one).' })
  async webhookServiceUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'WebhookService', { description: mutationIdArg('webhook service') }) id: string,
    @Arg('input', () => WebhookServiceInput, { description: UPDATE_INPUT_ARG }) input: WebhookServiceInput,
  ): Promise<WebhookServicePayload> {
    const { result, userErrors } = await attempt(() => services.webhookServices.update(request, id, input));
    return { webhookService: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookServiceDeletePayload, { description: 'Deletes the service; refused (BAD_USER_INPUT on `["id"]`) while webhooks use it.' })
  async webhookServiceDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'WebhookService', { description: mutationIdArg('webhook service') }) id: string): Promise<WebhookServiceDeletePayload> {
    const { result, userErrors } = await attempt(() => services.webhookServices.delete(request, id));
    return { deletedWebhookServiceId: result ? String(result.id) : null, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookSecretPayload, { description: `Creates an active webhook (a workspace has at most ${MAX_WEBHOOKS}); the payload shows its signing secret, this once.` })
  async webhookCreate(@Ctx() { request, services }: GraphQLContext, @Arg('input', () => WebhookInput, { description: CREATE_INPUT_ARG }) input: WebhookInput): Promise<WebhookSecretPayload> {
    const { result, userErrors } = await attempt(() => services.webhooks.create(request, input));
    return { webhook: result?.webhook ?? null, secret: result?.secret ?? null, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookPayload, { description: 'Changes the given fields; omitted fields stay as they are.' })
  async webhookUpdate(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string,
    @Arg('input', () => WebhookInput, { description: UPDATE_INPUT_ARG }) input: WebhookInput,
  ): Promise<WebhookPayload> {
    const { result, userErrors } = await attempt(() => services.webhooks.update(request, id, input));
    return { webhook: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookDeletePayload, { description: 'Soft-deletes the webhook: pending deliveries fail at their next attempt; its log stays readable (`webhookDelivery`).' })
  async webhookDelete(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string): Promise<WebhookDeletePayload> {
    const { result, userErrors } = await attempt(() => services.webhooks.delete(request, id));
    return { deletedWebhookId: result ? String(result.id) : null, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookPayload, { description: 'Switches the webhook on and forgets its failing streak.' })
  async webhookEnable(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string): Promise<WebhookPayload> {
    const { result, userErrors } = await attempt(() => services.webhooks.setActive(request, id, true));
    return { webhook: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookPayload, { description: 'Switches the webhook off: no deliveries are made to it until it is enabled.' })
  async webhookDisable(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string): Promise<WebhookPayload> {
    const { result, userErrors } = await attempt(() => services.webhooks.setActive(request, id, false));
    return { webhook: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookSecretPayload, { description: 'A new signing secret, shown this once; the previous one keeps signing alongside it for 24 hours.' })
  async webhookRotateSecret(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string): Promise<WebhookSecretPayload> {
    const { result, userErrors } = await attempt(() => services.webhooks.rotateSecret(request, id));
    return { webhook: result?.webhook ?? null, secret: result?.secret ?? null, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookDeliveryPayload, { description: 'Queues a `ping` event to the webhook (active or not) as one delivery with a single attempt.' })
  async webhookTest(@Ctx() { request, services }: GraphQLContext, @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string): Promise<WebhookDeliveryPayload> {
    const { result, userErrors } = await attempt(() => services.webhookDeliveries.test(request, id));
    return { delivery: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookDeliveryPayload, { description: 'Queues the same event (same `webhook-id`) again, as a new delivery with a fresh schedule.' })
  async webhookDeliveryRedeliver(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('webhookId', 'Webhook', { description: 'Id of the webhook; a deleted one is NOT_FOUND (`["webhookId"]`), a disabled one is refused.' }) webhookId: string,
    @IdArg('deliveryId', 'WebhookDelivery', { description: 'Id of the delivery whose event is sent again; NOT_FOUND (`["deliveryId"]`) unless it is a delivery of that webhook.' })
    deliveryId: string,
  ): Promise<WebhookDeliveryPayload> {
    const { result, userErrors } = await attemptOnDelivery(() => services.webhookDeliveries.redeliver(request, webhookId, deliveryId));
    return { delivery: result, userErrors };
  }

  @RequiresScope('webhooks:write')
  @Mutation(() => WebhookRecoverPayload, {
    description: `After a receiver's outage: every event created in [\`since\`, \`until\`) whose delivery to this webhook failed is delivered again, as a new delivery (same event, same \`webhook-id\`, fresh attempts), unless it already has a delivery pending or succeeded, so recovering twice sends nothing twice. Test pings are not resent. Refused while the webhook is disabled.`,
  })
  async webhookRecover(
    @Ctx() { request, services }: GraphQLContext,
    @IdArg('id', 'Webhook', { description: mutationIdArg('webhook') }) id: string,
    @Arg('since', () => DateTimeScalar, { description: `Start of the window (inclusive), by when the events were created: within the last ${EVENT_RETENTION_DAYS} days.` }) since: Date,
    @Arg('until', () => DateTimeScalar, { nullable: true, description: 'End of the window (exclusive); now when omitted.' }) until: Date | null | undefined,
  ): Promise<WebhookRecoverPayload> {
    const { result, userErrors } = await attempt(() => services.webhookDeliveries.recover(request, id, { since, until }), { fields: null, id: 'id' });
    return { recovered: result?.recovered ?? null, userErrors };
  }

  @NodeRef('WebhookService')
  @FieldResolver(() => ID, { nullable: true, description: 'The webhook service whose credentials deliveries use; null for none.' })
  serviceId(@Root() webhook: Webhook): string | null {
    return webhook.serviceId === null ? null : String(webhook.serviceId);
  }

  // The service layer joins the service into every webhook it returns.
  @FieldResolver(() => WebhookServiceConfig, { nullable: true, description: 'The webhook service named by `serviceId`; null for none.' })
  service(@Root() webhook: Webhook): WebhookServiceConfig | null {
    return webhook.service ?? null;
  }

  @FieldResolver(() => WebhookDeliveryConnection, {
    description:
      'The delivery log, newest first (the order is fixed, so there is no `orderBy`). Cursors are keyset cursors on the delivery id, so a page stays put while deliveries are made.',
  })
  async deliveries(
    @Root() webhook: Webhook,
    @Ctx() { request, services }: GraphQLContext,
    @Args(() => DeliveryListArgs) args: ConnectionArgs,
  ): Promise<Connection<WebhookDelivery>> {
    return toConnection(await services.webhookDeliveries.deliveryConnection(request, webhook.id, connectionRequest(deliveryList, args)));
  }
}

@Resolver(() => WebhookDelivery)
export class WebhookDeliveryResolver {
  @NodeRef('Webhook')
  @FieldResolver(() => ID, { description: 'The webhook the delivery is for.' })
  webhookId(@Root() delivery: WebhookDelivery): string {
    return String(delivery.webhookId);
  }

  @NodeRef('Event')
  @FieldResolver(() => ID, { description: 'The event delivered: its `id` in the envelope and the `webhook-id` header.' })
  eventId(@Root() delivery: WebhookDelivery): string {
    return delivery.eventId;
  }

  @FieldResolver(() => [WebhookDeliveryAttempt], { description: 'Every attempt, oldest first.' })
  async attempts(@Root() delivery: WebhookDelivery, @Ctx() { loaders }: GraphQLContext): Promise<WebhookDeliveryAttempt[]> {
    // A delivery read alone (or a mutation's) comes with its attempts; a page of the log asks the loader, one statement for the page.
    if (delivery.attempts) return [...delivery.attempts].sort((a, b) => a.attemptNo - b.attemptNo);
    return loaders.attemptsByDeliveryId.load(delivery.id);
  }

  @RequiresScope('events:read')
  @FieldResolver(() => FeedEvent, { nullable: true, description: `The event delivered; null once it has left the event feed (after ${EVENT_RETENTION_DAYS} days).` })
  async event(@Root() delivery: WebhookDelivery, @Ctx() { request, loaders }: GraphQLContext): Promise<FeedEvent | null> {
    const event = await loaders.eventById.load(delivery.eventId);
    return event ? toFeedEvent(event, request.organisationCode) : null;
  }
}
