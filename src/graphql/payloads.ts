import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { SortDirectionEnum } from './connection';
import { NodeRef } from './node';
import { USER_ERRORS } from './descriptions';
import { UserError } from './user-error';

type NodeClass<T> = abstract new (...args: never[]) => T;

export type ResourcePayload<F extends string, T> = { [K in F]: T | null } & { userErrors: UserError[] };
export type DeletePayload<F extends string> = { [K in F]: string | null } & { userErrors: UserError[] };

/** `<Name>Payload { <field>: <Node> userErrors }`: what create and update mutations return (Shopify style). */
export function ResourcePayloadType<F extends string, T>(name: string, field: F, node: NodeClass<T>): new () => ResourcePayload<F, T> {
  @ObjectType(name, { simpleResolvers: true, description: `What the mutation returns: \`${field}\` as saved, or the \`userErrors\` that refused it.` })
  class Payload {
    @Field(() => [UserError], { description: USER_ERRORS }) userErrors!: UserError[];
  }
  Field(() => node, { nullable: true, description: 'The record as saved; null when the mutation was refused.' })(Payload.prototype, field);
  return Payload as unknown as new () => ResourcePayload<F, T>;
}

export type ResourceListPayload<F extends string, T> = { [K in F]: T[] | null } & { userErrors: UserError[] };

/** `<Name>Payload { <field>: [<Node>!] userErrors }`: what bulk mutations return (all or nothing). */
export function ResourceListPayloadType<F extends string, T>(name: string, field: F, node: NodeClass<T>): new () => ResourceListPayload<F, T> {
  @ObjectType(name, { simpleResolvers: true, description: `What the bulk mutation returns: \`${field}\` as saved, or the \`userErrors\` that refused them all.` })
  class Payload {
    @Field(() => [UserError], { description: USER_ERRORS }) userErrors!: UserError[];
  }
  Field(() => [node], { nullable: true, description: 'The records as saved, in request order; null when the mutation was refused.' })(Payload.prototype, field);
  return Payload as unknown as new () => ResourceListPayload<F, T>;
}

/** `<Name> { <field>: ID userErrors }`: what delete mutations return; `field` holds a global id of a `typeName`. */
export function DeletePayloadType<F extends string>(name: string, field: F, typeName: string): new () => DeletePayload<F> {
  @ObjectType(name, { simpleResolvers: true, description: `What the delete mutation returns: \`${field}\`, or the \`userErrors\` that refused it.` })
  class Payload {
    @Field(() => [UserError], { description: USER_ERRORS }) userErrors!: UserError[];
  }
  Field(() => ID, { nullable: true, description: 'Global id of the deleted record; null when the mutation was refused.' })(Payload.prototype, field);
  NodeRef(typeName)(Payload.prototype, field);
  return Payload as unknown as new () => DeletePayload<F>;
}

export interface SortOrderInput<E extends string> {
  field: E;
  direction: SortDirectionEnum;
}

/** `<Name> { field: <FieldEnum> = default, direction: SortDirection = ASC }` for a list's `orderBy`. */
export function OrderInputType<E extends string>(name: string, fieldEnum: object, defaultField: E): new () => SortOrderInput<E> {
  @InputType(name, { description: 'Sort order of a list: a field and a direction. Ties are broken by id, in the same direction.' })
  class Order {
    @Field(() => fieldEnum, { defaultValue: defaultField, description: 'The field to sort on. A cursor is bound to it: reusing one under another field is BAD_USER_INPUT.' })
    field!: E;
    @Field(() => SortDirectionEnum, { defaultValue: SortDirectionEnum.ASC, description: 'ASC or DESC.' }) direction!: SortDirectionEnum;
  }
  return Order;
}

/**
 * Descriptions of the values of a list's `<Name>OrderField` enum: every list sorts on ID (the
 * default), CREATED_AT and UPDATED_AT; `extra` describes the list's own fields (`NAME`, `TITLE`…).
 */
export function orderFieldValues<K extends string>(extra: Record<K, string>): Record<'ID' | 'CREATED_AT' | 'UPDATED_AT' | K, { description: string }> {
  const own = Object.fromEntries(Object.entries<string>(extra).map(([value, description]) => [value, { description }])) as Record<K, { description: string }>;
  return {
    ID: { description: 'By `id` (the default).' },
    CREATED_AT: { description: 'By `createdAt`.' },
    UPDATED_AT: { description: 'By `updatedAt`.' },
    ...own,
  };
}

/** The description of a list's `<Name>OrderField` enum. */
export const orderFieldEnumDescription = (records: string): string => `Fields a list of ${records} can be sorted on.`;
