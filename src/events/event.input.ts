import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { IsEntityId } from '../common/validation';
import { EVENT_TYPES } from './event-catalogue';

@InputType({ description: 'Narrows the event feed.' })
export class EventFilter {
  @Field(() => String, { nullable: true, description: 'Only events of this type.' })
  @IsOptional() @IsIn(EVENT_TYPES, { message: 'must name an event type of the catalogue (GET /v2/libraries/event-types)' })
  type?: string;

  @Field(() => String, { nullable: true, description: 'Only events about this kind of record (`campaign`, `content`…).' })
  @IsOptional() @IsString() @MaxLength(64)
  resourceType?: string;

  @Field(() => ID, { nullable: true, description: 'Only events about the record with this id (with `resourceType`).' })
  @IsOptional() @IsEntityId()
  resourceId?: string | number;

  @Field(() => String, { nullable: true, description: 'Only events created after this instant (ISO 8601).' })
  @IsOptional() @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 timestamp' })
  createdAfter?: string;
}
