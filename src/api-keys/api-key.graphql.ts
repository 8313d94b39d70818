import { Field, ObjectType } from 'type-graphql';
import { Node } from '../graphql/node';
import { DateTimeScalar } from '../graphql/scalars';

@ObjectType('ApiKey', { simpleResolvers: true, implements: Node, description: 'The API key a request is made with, as it describes itself (never the key itself).' })
export class ApiKeyDescription {
  id!: string;

  @Field({ description: 'The first characters of the key, as the operator\'s key:list shows them.' })
  prefix!: string;

  @Field(() => String, { nullable: true, description: 'What the key is for, as the operator labelled it.' })
  label!: string | null;

  @Field(() => [String], { description: 'What the key may do: `*` (everything) or `<group>:read|write` scopes (`campaigns:read`, `events:read`…).' })
  scopes!: string[];

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the key stops working; null: never.' })
  expiresAt!: Date | null;

  @Field(() => DateTimeScalar, { description: 'When the key was issued.' })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the key was last used, to the minute.' })
  lastUsedAt!: Date | null;
}
