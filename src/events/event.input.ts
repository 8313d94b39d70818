import { IsIn, IsOptional, IsString, isISO8601, MaxLength, ValidateBy } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { IsEntityId } from '../common/validation';
import { EVENT_TYPES } from './event-catalogue';

/** A date, or a date and time with its zone (RFC 3339): the ISO 8601 forms PostgreSQL reads as one instant. */
export const INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function IsInstant(): PropertyDecorator {
  return ValidateBy({
    name: 'isInstant',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && INSTANT.test(value) && isISO8601(value, { strict: true }),
      defaultMessage: () => 'must be a date or a date-time with a time zone (2026-11-23 or 2026-11-23T18:00:00Z)',
    },
  });
}

@InputType({ description: 'Narrows the event feed.' })
export class EventFilter {
  @Field(() => String, { nullable: true, description: 'Only events of this type, a name of `eventTypes`.' })
  @IsOptional() @IsIn(EVENT_TYPES, { message: 'must name an event type of the catalogue (GET /v2/libraries/event-types)' })
  type?: string;

  @Field(() => String, { nullable: true, description: 'Only events about this kind of record (`campaign`, `content`…).' })
  @IsOptional() @IsString() @MaxLength(64)
  resourceType?: string;

  @Field(() => ID, { nullable: true, description: 'Only events about the record with this id (with `resourceType`).' })
  @IsOptional() @IsEntityId()
  resourceId?: string | number;

  @Field(() => String, { nullable: true, description: 'Only events created after this instant: a date (`2026-11-23`) or a date-time with its zone (`2026-11-23T18:00:00Z`).' })
  @IsOptional() @IsInstant()
  createdAfter?: string;
}
