import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { NodeRef } from '../graphql/node';
import { IsCalendarDate } from '../common/calendar-date';
import type { RecordId } from '../common/ids';
import { TrafficMetricsInput } from '../workspace/traffic-metrics';
import { IsEntityId, IsNotBlank, IsOmittable } from '../common/validation';
import { freeText } from '../graphql/descriptions';
import { DateScalar } from '../graphql/scalars';
import { ContentStatus, contentStatuses } from './content-status';

/**
 * Fields of a content piece (spec §2.8, §4.6), for create and update alike. On create
 * `campaignId`, `phaseId` and `contentName` are required; on update omitted fields are unchanged.
 */
@InputType({ description: 'Fields of a content piece. On create `campaignId`, `phaseId` and `contentName` are required; on update omitted fields are unchanged.' })
export class ContentInput extends TrafficMetricsInput {
  @NodeRef('Campaign')
  @Field(() => ID, { nullable: true, description: 'Required on create: a live campaign of this workspace. To move the piece to another campaign, send a `phaseId` of that campaign with it; its distributions move too.' })
  @IsOmittable() @IsEntityId()
  campaignId?: string | number;

  @NodeRef('Phase')
  @Field(() => ID, { nullable: true, description: 'Required on create: a live phase of that campaign. Alone, it moves the piece to another phase of its campaign.' })
  @IsOmittable() @IsEntityId()
  phaseId?: string | number;

  @Field(() => ID, { nullable: true, description: 'Id of a publisher product, 1 to 2,147,483,647, stored as given (not checked); null clears it.' })
  @IsOptional() @IsEntityId()
  publisherProductId?: RecordId | null;

  @NodeRef('PublisherTitle')
  @Field(() => ID, { nullable: true, description: 'A live publisher title of this workspace; null clears it.' })
  @IsOptional() @IsEntityId()
  publisherTitleId?: RecordId | null;

  @Field({ nullable: true, description: 'Name of the piece. Required on create; not blank, at most 255 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  contentName?: string;

  @Field(() => ContentStatus, { nullable: true, description: 'On create DRAFT (the default) or IN_REVIEW; on update a move the lifecycle allows (see ContentStatus) or the current status.' })
  @IsOmittable() @IsIn(contentStatuses.values, { message: contentStatuses.valuesMessage })
  status?: ContentStatus;

  @Field({ nullable: true, description: freeText('Description of the piece') })
  @IsOmittable() @IsString() @MaxLength(20_000)
  contentDescription?: string;

  @Field(() => DateScalar, { nullable: true, description: 'The day the piece goes live; null clears it.' })
  @IsOptional() @IsCalendarDate()
  liveDate?: string | null;

  @NodeRef('User')
  @Field(() => ID, { nullable: true, description: 'Id of the organisation user editing the piece: a live user of this workspace, whatever their roles (v2 `content_editor_id`); null clears it.' })
  @IsOptional() @IsEntityId()
  contentEditorId?: RecordId | null;
}
