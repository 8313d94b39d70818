import { Field, Int, ObjectType } from 'type-graphql';
import { DeletePayloadType, ResourcePayloadType } from '../graphql/payloads';
import { UserError } from '../graphql/user-error';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookServiceConfig } from './webhook-service.entity';
import { Webhook } from './webhook.entity';

export const WebhookServicePayload = ResourcePayloadType('WebhookServicePayload', 'webhookService', WebhookServiceConfig);
export const WebhookServiceDeletePayload = DeletePayloadType('WebhookServiceDeletePayload', 'deletedWebhookServiceId');
export const WebhookPayload = ResourcePayloadType('WebhookPayload', 'webhook', Webhook);
export const WebhookDeletePayload = DeletePayloadType('WebhookDeletePayload', 'deletedWebhookId');
export const WebhookDeliveryPayload = ResourcePayloadType('WebhookDeliveryPayload', 'delivery', WebhookDelivery);
export type WebhookServicePayload = InstanceType<typeof WebhookServicePayload>;
export type WebhookServiceDeletePayload = InstanceType<typeof WebhookServiceDeletePayload>;
export type WebhookPayload = InstanceType<typeof WebhookPayload>;
export type WebhookDeletePayload = InstanceType<typeof WebhookDeletePayload>;
export type WebhookDeliveryPayload = InstanceType<typeof WebhookDeliveryPayload>;

/** The only place a signing secret is ever shown: the answer of the mutation that made it. */
@ObjectType('WebhookSecretPayload', { description: 'What `webhookCreate` and `webhookRotateSecret` return: the webhook and, this once, its new signing secret.' })
export class WebhookSecretPayload {
  @Field(() => Webhook, { nullable: true, description: 'The record as saved; null when the mutation was refused.' })
  webhook!: Webhook | null;

  @Field(() => String, { nullable: true, description: 'The new signing secret (`whsec_…`). Shown only here: store it now, no query returns it. Null when the mutation was refused.' })
  secret!: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

/**
 * A numbered page of a delivery log, as the service pages it (REST's `?page`/`?per_page`): the log
 * has no keyset read yet, so it is not a connection.
 */
@ObjectType('WebhookDeliveryPage', {
  description: 'A page of a webhook\'s delivery log, newest first. Pages are numbered: deliveries made meanwhile shift later pages, so the same delivery can show up twice.',
})
export class WebhookDeliveryPage {
  @Field(() => [WebhookDelivery])
  nodes!: WebhookDelivery[];

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  perPage!: number;

  @Field({ description: 'Whether page `page + 1` has deliveries.' })
  hasNextPage!: boolean;
}
