import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import { SUBSCRIBABLE_EVENT_TYPES } from '../events/event-catalogue';
import { IsEntityId, IsHttpUrl, IsNotBlank, IsOmittable } from '../common/validation';
import { IsInstant } from '../common/instant';
import { MAX_RATE_LIMIT, MIN_RATE_LIMIT } from './webhook.entity';

export const MAX_EVENTS_PER_WEBHOOK = SUBSCRIBABLE_EVENT_TYPES.length;

@InputType({ description: 'Fields of a webhook service. On create `name` is required; on update omitted fields are unchanged. `clientId`, `clientSecret` and `authUrl` are set together or cleared together (all null).' })
export class WebhookServiceInput {
  @Field(() => String, { nullable: true, description: 'Name of the service. Required on create; not blank, at most 255 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  name?: string;

  @Field(() => String, { nullable: true, description: 'OAuth 2.0 client id, at most 255 characters; null clears it (with the other two).' })
  @IsOptional() @IsString() @IsNotBlank() @MaxLength(255)
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'OAuth 2.0 client secret, at most 1,024 characters; stored encrypted and never shown again. Omit on update to keep the stored one.' })
  @IsOptional() @IsString() @IsNotBlank() @MaxLength(1024)
  clientSecret?: string | null;

  @Field(() => String, { nullable: true, description: 'OAuth 2.0 token endpoint for the client-credentials grant: an http(s) URL on the public internet, at most 2,048 characters.' })
  @IsOptional() @IsHttpUrl() @MaxLength(2048)
  authUrl?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Make this the workspace default (the previous default stops being one).' })
  @IsOmittable() @IsBoolean()
  isDefault?: boolean;
}

@InputType({ description: 'Fields of a webhook. On create `name`, `url` and `events` are required; on update omitted fields are unchanged.' })
export class WebhookInput {
  @Field(() => String, { nullable: true, description: 'Name of the webhook. Required on create; not blank, at most 255 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  name?: string;

  @Field(() => String, { nullable: true, description: 'Where events are POSTed: an http(s) URL (https in production) on the public internet, at most 2,048 characters. Required on create.' })
  @IsOmittable() @IsString() @MaxLength(2048)
  url?: string;

  @NodeRef('WebhookService')
  @Field(() => ID, { nullable: true, description: "The webhook service whose credentials deliveries use; omitted on create means the workspace's default service, null means none." })
  @IsOptional() @IsEntityId()
  serviceId?: string | number | null;

  @Field(() => [String], { nullable: true, description: 'Event types to receive: subscribable names of `eventTypes` (not `ping`), each at most once. Required on create; not empty.' })
  @IsOmittable()
  @IsArray() @ArrayNotEmpty() @ArrayMaxSize(MAX_EVENTS_PER_WEBHOOK) @ArrayUnique({ message: 'must not name an event type twice' })
  @IsIn(SUBSCRIBABLE_EVENT_TYPES, { each: true, message: 'must name event types of the catalogue (GET /v2/libraries/event-types)' })
  events?: string[];

  @Field(() => Int, { nullable: true, description: `The most requests per second the workers together may start to \`url\`: an integer from ${MIN_RATE_LIMIT} to ${MAX_RATE_LIMIT}, or null for no limit (the default). Deliveries over it wait; they do not fail.` })
  @IsOptional() @IsInt({ message: 'must be an integer (requests per second) or null' })
  @Min(MIN_RATE_LIMIT, { message: `must be at least ${MIN_RATE_LIMIT} (null for no limit)` }) @Max(MAX_RATE_LIMIT, { message: `must be at most ${MAX_RATE_LIMIT}` })
  rateLimit?: number | null;
}

/**
 * What `recover` resends: failed deliveries whose event was created in [since, until). Not a
 * GraphQL input type (the mutation takes `since` and `until` as arguments); REST's body.
 */
export class WebhookRecoverInput {
  @IsOmittable() @IsInstant()
  since?: Date | string;

  @IsOptional() @IsInstant()
  until?: Date | string | null;
}
