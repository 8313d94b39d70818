import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType, SortDirectionEnum } from '../graphql/connection';
import { UserError } from '../graphql/user-error';
import { Campaign } from './campaign.entity';

export const CampaignConnection = ConnectionType('Campaign', Campaign);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum CampaignOrderField {
  ID = 'id',
  TITLE = 'campaignTitle',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(CampaignOrderField, { name: 'CampaignOrderField' });

@InputType()
export class CampaignOrder {
  @Field(() => CampaignOrderField, { defaultValue: CampaignOrderField.ID })
  field!: CampaignOrderField;

  @Field(() => SortDirectionEnum, { defaultValue: SortDirectionEnum.ASC })
  direction!: SortDirectionEnum;
}

@ObjectType()
export class CampaignPayload {
  @Field(() => Campaign, { nullable: true, description: 'The campaign as saved; null when refused.' })
  campaign!: Campaign | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CampaignDeletePayload {
  @Field(() => ID, { nullable: true, description: 'Id of the deleted campaign; null when refused.' })
  deletedCampaignId!: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
