import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType, SortDirectionEnum } from '../graphql/connection';
import { UserError } from '../graphql/user-error';
import { AdvertiserAccount } from './advertiser-account.entity';

export const AdvertiserAccountConnection = ConnectionType('AdvertiserAccount', AdvertiserAccount);

/** Values are the entity properties sorted on (each NOT NULL, so keyset cursors are total). */
export enum AdvertiserAccountOrderField {
  ID = 'id',
  NAME = 'name',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(AdvertiserAccountOrderField, { name: 'AdvertiserAccountOrderField' });

@InputType()
export class AdvertiserAccountOrder {
  @Field(() => AdvertiserAccountOrderField, { defaultValue: AdvertiserAccountOrderField.ID })
  field!: AdvertiserAccountOrderField;

  @Field(() => SortDirectionEnum, { defaultValue: SortDirectionEnum.ASC })
  direction!: SortDirectionEnum;
}

@ObjectType()
export class AdvertiserAccountPayload {
  @Field(() => AdvertiserAccount, { nullable: true, description: 'The account as saved; null when refused.' })
  advertiserAccount!: AdvertiserAccount | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class AdvertiserAccountDeletePayload {
  @Field(() => ID, { nullable: true, description: 'Id of the deleted account; null when refused.' })
  deletedAdvertiserAccountId!: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
