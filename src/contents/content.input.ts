import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { IsCalendarDate } from '../common/calendar-date';
import type { RecordId } from '../common/ids';
import { TrafficMetricsInput } from '../common/traffic-metrics';
import { IsEntityId, IsNotBlank, IsOmittable } from '../common/validation';
import { DateScalar } from '../graphql/scalars';
import { ContentStatus, contentStatuses } from './content-status';

/**
 * Fields of a content piece (spec §2.8, §4.6), for create and update alike. On create
 * `campaignId`, `phaseId` and `contentName` are required; on update omitted fields are unchanged.
 */
@InputType({ description: 'Fields of a content piece. On create `campaignId`, `phaseId` and `contentName` are required; on update omitted fields are unchanged.' })
export class ContentInput extends TrafficMetricsInput {
  @Field(() => ID, { nullable: true, description: 'A campaign of this workspace.' })
  @IsOmittable() @IsEntityId()
  campaignId?: string | number;

  @Field(() => ID, { nullable: true, description: 'A phase of that campaign.' })
  @IsOmittable() @IsEntityId()
  phaseId?: string | number;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  publisherProductId?: RecordId | null;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  publisherTitleId?: RecordId | null;

  @Field({ nullable: true, description: 'Required on create.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  contentName?: string;

  @Field(() => ContentStatus, { nullable: true })
  @IsOmittable() @IsIn(contentStatuses.values, { message: contentStatuses.valuesMessage })
  status?: ContentStatus;

  @Field({ nullable: true })
  @IsOmittable() @IsString() @MaxLength(20_000)
  contentDescription?: string;

  @Field(() => DateScalar, { nullable: true })
  @IsOptional() @IsCalendarDate()
  liveDate?: string | null;

  @Field(() => ID, { nullable: true, description: 'Id of the organisation user editing the piece.' })
  @IsOptional() @IsEntityId()
  contentEditorId?: RecordId | null;
}

@InputType({ description: 'Narrows a list of content pieces.' })
export class ContentFilter {
  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  campaignId?: string | number;

  @Field(() => ID, { nullable: true })
  @IsOptional() @IsEntityId()
  phaseId?: string | number;

  @Field(() => ContentStatus, { nullable: true })
  @IsOptional() @IsIn(contentStatuses.values, { message: contentStatuses.valuesMessage })
  status?: ContentStatus;
}
