import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { IsCalendarDate } from '../common/calendar-date';
import { MAX_CUSTOM_FIELDS_BYTES } from '../common/custom-fields';
import type { JsonObject } from '../common/json';
import { TrafficMetricsInput } from '../workspace/traffic-metrics';
import { IsEntityId, IsJsonObject, IsNotBlank, IsOmittable } from '../common/validation';
import { count, freeText } from '../graphql/descriptions';
import { DateScalar, JSONObjectScalar } from '../graphql/scalars';

const MAX_INT = 2_147_483_647;
export const MAX_PHASES_PER_REQUEST = 100;

/**
 * Fields of a phase (spec §2.7), for create and update alike. On create `phaseTitle` is
 * required and `phaseNo` defaults to the next free number of the campaign; on update omitted
 * fields are unchanged and `customFields` keys are added or replaced (a key set to null is removed).
 */
@InputType({ description: 'Fields of a phase. On create `phaseTitle` is required; on update omitted fields are unchanged.' })
export class PhaseInput extends TrafficMetricsInput {
  @Field(() => Int, { nullable: true, description: 'Position in the campaign, 1 to 2,147,483,647, not held by another live phase of it (nor twice in one request). On create it defaults to the next number after the highest.' })
  @IsOmittable() @IsInt() @Min(1) @Max(MAX_INT)
  phaseNo?: number;

  @Field({ nullable: true, description: 'The partner\'s own reference for the phase, at most 255 characters.' })
  @IsOmittable() @IsString() @MaxLength(255)
  externalId?: string;

  @Field({ nullable: true, description: 'Title of the phase. Required on create; not blank, at most 255 characters.' })
  @IsOmittable() @IsString() @IsNotBlank() @MaxLength(255)
  phaseTitle?: string;

  @Field({ nullable: true, description: freeText('Description of the phase') })
  @IsOmittable() @IsString() @MaxLength(20_000)
  phaseDescription?: string;

  @Field(() => Int, { nullable: true, description: count('Pacing of the phase') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  phasePacing?: number;

  @Field({ nullable: true, description: freeText('The key message of the phase') })
  @IsOmittable() @IsString() @MaxLength(20_000)
  keyMessage?: string;

  @Field(() => DateScalar, { nullable: true, description: 'Launch window: the earliest launch, on or before `latestPhaseLaunchDate` when both are set (checked on the record as saved); null clears it.' })
  @IsOptional() @IsCalendarDate()
  earliestPhaseLaunchDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Launch window: the latest launch; null clears it.' })
  @IsOptional() @IsCalendarDate()
  latestPhaseLaunchDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the earliest end, on or before `latestPhaseEndDate` when both are set (checked on the record as saved); null clears it.' })
  @IsOptional() @IsCalendarDate()
  earliestPhaseEndDate?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'End window: the latest end; null clears it.' })
  @IsOptional() @IsCalendarDate()
  latestPhaseEndDate?: string | null;

  @Field(() => Int, { nullable: true, description: count('Number of content pieces planned for the phase') })
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_INT)
  noOfPieces?: number;

  @Field(() => JSONObjectScalar, { nullable: true, description: 'A JSON object of at most 16 KB. On update its keys are added or replaced and a key set to null is removed; null or omitted leaves the stored object unchanged ({} on create).' })
  @IsOptional() @IsJsonObject(MAX_CUSTOM_FIELDS_BYTES)
  customFields?: JsonObject | null;

  /** v2 update bodies may echo the phase's campaign; a phase never moves to another campaign. */
  @IsOptional() @IsEntityId()
  campaignId?: string | number | null;
}

/** `POST /v2/phases` and `phasesCreate`: phases for one campaign, all or nothing. */
export class PhasesCreateInput {
  @IsEntityId()
  campaignId!: string | number;

  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_PHASES_PER_REQUEST) @ValidateNested({ each: true })
  phases!: PhaseInput[];
}
