import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { SortDirectionEnum } from './connection';
import { UserError } from './user-error';

type NodeClass<T> = abstract new (...args: never[]) => T;

export type ResourcePayload<F extends string, T> = { [K in F]: T | null } & { userErrors: UserError[] };
export type DeletePayload<F extends string> = { [K in F]: string | null } & { userErrors: UserError[] };

/** `<Name>Payload { <field>: <Node> userErrors }`: what create and update mutations return (Shopify style). */
export function ResourcePayloadType<F extends string, T>(name: string, field: F, node: NodeClass<T>): new () => ResourcePayload<F, T> {
  @ObjectType(name)
  class Payload {
    @Field(() => [UserError]) userErrors!: UserError[];
  }
  Field(() => node, { nullable: true, description: 'The record as saved; null when the mutation was refused.' })(Payload.prototype, field);
  return Payload as unknown as new () => ResourcePayload<F, T>;
}

export type ResourceListPayload<F extends string, T> = { [K in F]: T[] | null } & { userErrors: UserError[] };

/** `<Name>Payload { <field>: [<Node>!] userErrors }`: what bulk mutations return (all or nothing). */
export function ResourceListPayloadType<F extends string, T>(name: string, field: F, node: NodeClass<T>): new () => ResourceListPayload<F, T> {
  @ObjectType(name)
  class Payload {
    @Field(() => [UserError]) userErrors!: UserError[];
  }
  Field(() => [node], { nullable: true, description: 'The records as saved, in request order; null when the mutation was refused.' })(Payload.prototype, field);
  return Payload as unknown as new () => ResourceListPayload<F, T>;
}

/** `<Name> { <field>: ID userErrors }`: what delete mutations return. */
export function DeletePayloadType<F extends string>(name: string, field: F): new () => DeletePayload<F> {
  @ObjectType(name)
  class Payload {
    @Field(() => [UserError]) userErrors!: UserError[];
  }
  Field(() => ID, { nullable: true, description: 'Id of the deleted record; null when the mutation was refused.' })(Payload.prototype, field);
  return Payload as unknown as new () => DeletePayload<F>;
}

export interface SortOrderInput<E extends string> {
  field: E;
  direction: SortDirectionEnum;
}

/** `<Name> { field: <FieldEnum> = default, direction: SortDirection = ASC }` for a list's `orderBy`. */
export function OrderInputType<E extends string>(name: string, fieldEnum: object, defaultField: E): new () => SortOrderInput<E> {
  @InputType(name)
  class Order {
    @Field(() => fieldEnum, { defaultValue: defaultField }) field!: E;
    @Field(() => SortDirectionEnum, { defaultValue: SortDirectionEnum.ASC }) direction!: SortDirectionEnum;
  }
  return Order;
}

