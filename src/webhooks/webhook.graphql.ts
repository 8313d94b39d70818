import { Field, Int, ObjectType } from 'type-graphql';
import { ConnectionType } from '../graphql/connection';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { USER_ERRORS } from '../graphql/descriptions';
import { UserError } from '../graphql/user-error';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookServiceConfig } from './webhook-service.entity';
import { Webhook } from './webhook.entity';
import { listTypes } from '../graphql/lists/list-types';
import { deliveryList } from './delivery.list';
import type { NodeSource } from '../graphql/node-resolver';
import { loadEach } from '../graphql/loader-kit';

export const WebhookServicePayload = ResourcePayloadType('WebhookServicePayload', 'webhookService', WebhookServiceConfig);
export const WebhookServiceDeletePayload = DeletePayloadType('WebhookServiceDeletePayload', 'deletedWebhookServiceId', 'WebhookService');
export const WebhookPayload = ResourcePayloadType('WebhookPayload', 'webhook', Webhook);
export const WebhookDeletePayload = DeletePayloadType('WebhookDeletePayload', 'deletedWebhookId', 'Webhook');
export const WebhookDeliveryPayload = ResourcePayloadType('WebhookDeliveryPayload', 'delivery', WebhookDelivery);
/** A page of a delivery log (`Webhook.deliveries`), newest first. */
export const WebhookDeliveryConnection = ConnectionType('WebhookDelivery', WebhookDelivery, deliveryList);
export const DeliveryListArgs = listTypes(deliveryList).args;
export type WebhookServicePayload = InstanceType<typeof WebhookServicePayload>;
export type WebhookServiceDeletePayload = InstanceType<typeof WebhookServiceDeletePayload>;
export type WebhookPayload = InstanceType<typeof WebhookPayload>;
export type WebhookDeletePayload = InstanceType<typeof WebhookDeletePayload>;
export type WebhookDeliveryPayload = InstanceType<typeof WebhookDeliveryPayload>;

/** The only place a signing secret is ever shown: the answer of the mutation that made it. */
@ObjectType('WebhookSecretPayload', { simpleResolvers: true, description: 'What `webhookCreate` and `webhookRotateSecret` return: the webhook and, this once, its new signing secret.' })
export class WebhookSecretPayload {
  @Field(() => Webhook, { nullable: true, description: 'The record as saved; null when the mutation was refused.' })
  webhook!: Webhook | null;

  @Field(() => String, { nullable: true, description: 'The new signing secret (`whsec_…`). Shown only here: store it now, no query returns it. Null when the mutation was refused.' })
  secret!: string | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType('WebhookRecoverPayload', { simpleResolvers: true, description: 'What `webhookRecover` returns: how many failed deliveries were queued again.' })
export class WebhookRecoverPayload {
  @Field(() => Int, { nullable: true, description: 'Deliveries queued, one per event recovered; null when the mutation was refused.' })
  recovered!: number | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

export const webhookNodes: NodeSource[] = [
  { typeName: 'Webhook', objectType: Webhook, scope: 'webhooks:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.webhookById, ids) },
  { typeName: 'WebhookService', objectType: WebhookServiceConfig, scope: 'webhooks:read', idKind: 'integer', load: ({ loaders }, ids) => loadEach(loaders.webhookServiceById, ids) },
  { typeName: 'WebhookDelivery', objectType: WebhookDelivery, scope: 'webhooks:read', idKind: 'bigint', load: ({ loaders }, ids) => loadEach(loaders.deliveryById, ids) },
];
