import { namedClass, oncePerList } from './per-list';
import { ArgsType, Field, ID, InputType, Int, registerEnumType } from 'type-graphql';
import type { FilterValueType, ListDeclaration } from '../../db/lists/list-declaration';
import { DEFAULT_CONNECTION_SIZE, MAX_PAGE_SIZE, type ConnectionArgs } from '../../db/lists/list-request';
import { SortDirectionEnum } from '../connection';
import { NodeRef } from '../node';
import { DateScalar, DateTimeScalar } from '../scalars';

/**
 * The GraphQL side of a declared list (src/db/lists/): `<Name>Filter`, `<Name>OrderField`,
 * `<Name>Order` and the connection arguments `<Name>ListArgs`, made from the declaration at import
 * time, for type-graphql to build the schema from.
 */

@InputType({ description: 'A range of instants: from `gte` (inclusive) to `lt` (exclusive); either end may be left out.' })
export class DateTimeRange {
  @Field(() => DateTimeScalar, { nullable: true, description: 'At or after this instant.' }) gte?: Date | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'Before this instant.' }) lt?: Date | null;
}

@InputType({ description: 'A range of calendar dates: from `gte` (inclusive) to `lt` (exclusive); either end may be left out.' })
export class DateRange {
  @Field(() => DateScalar, { nullable: true, description: 'On or after this date.' }) gte?: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'Before this date.' }) lt?: string | null;
}

const SCALARS = { ID, String, Int } as const;

/** What a type-graphql type function returns (a scalar, an enum, a class, or a list of one). */
type TypeValue = ReturnType<NonNullable<Parameters<typeof Field>[0]>>;

/** The type-graphql type of a filter's value type. */
function graphqlType(type: FilterValueType): TypeValue {
  if ('scalar' in type) return SCALARS[type.scalar];
  if ('enum' in type) return type.enum as TypeValue;
  if ('range' in type) return type.range === 'Date' ? DateRange : DateTimeRange;
  return [graphqlType(type.list)];
}

/** The record type whose global ids a filter value (or each of its items) holds. */
function recordTypeOf(type: FilterValueType): string | undefined {
  if ('list' in type) return recordTypeOf(type.list);
  return 'scalar' in type && type.scalar === 'ID' ? type.node : undefined;
}

export interface ListTypes {
  /** The `<Name>ListArgs` argument class: `first`, `after`, `last`, `before`, `filter`, `orderBy`. */
  args: new () => ConnectionArgs;
  /** The `<Name>Filter` input type, for other fields that narrow the same records (the event stream). */
  filter: new () => object;
}


function makeFilter(list: ListDeclaration): new () => object {
  const Filter = namedClass(`${list.name}Filter`);
  for (const [name, filter] of Object.entries(list.filters)) {
    if (!filter.graphql) continue;
    const { type, description, deprecationReason } = filter.graphql;
    Field(() => graphqlType(type), { nullable: true, description, deprecationReason })(Filter.prototype, name);
    const node = recordTypeOf(type);
    if (node) NodeRef(node)(Filter.prototype, name);
  }
  InputType(`${list.name}Filter`, { description: `Narrows a list of ${list.records}; the filters given combine (AND). Omit a filter, or give null, for no narrowing by it.` })(Filter);
  return Filter;
}

function makeOrder(list: ListDeclaration): new () => object {
  const fields = Object.fromEntries(Object.keys(list.sortFields).map((name) => [name, name]));
  registerEnumType(fields, {
    name: `${list.name}OrderField`,
    description: `Fields a list of ${list.records} can be sorted on.`,
    valuesConfig: Object.fromEntries(Object.entries(list.sortFields).map(([name, field]) => [name, { description: field.description }])),
  });
  const Order = namedClass(`${list.name}Order`);
  Field(() => fields, { defaultValue: 'ID', description: 'The field to sort on.' })(Order.prototype, 'field');
  Field(() => SortDirectionEnum, { defaultValue: SortDirectionEnum.ASC, description: 'ASC or DESC.' })(Order.prototype, 'direction');
  InputType(`${list.name}Order`, { description: 'One key of a sort order: a field and a direction.' })(Order);
  return Order;
}

const SIZE = `1 to ${MAX_PAGE_SIZE}`;

function makeListTypes(list: ListDeclaration): ListTypes {
  const Args = namedClass(`${list.name}ListArgs`);
  const field = (name: string, type: () => TypeValue, description: string): void => Field(type, { nullable: true, description })(Args.prototype, name);
  field('first', () => Int, `The first records of the list (after \`after\`), ${SIZE}. Neither \`first\` nor \`last\`: the first ${DEFAULT_CONNECTION_SIZE}. Not with \`last\`.`);
  field('after', () => String, 'Only records after this cursor (`pageInfo.endCursor` or an edge `cursor` of this list and order).');
  field('last', () => Int, `The last records of the list (before \`before\`), ${SIZE}: paging backward. Not with \`first\`.`);
  field('before', () => String, 'Only records before this cursor (`pageInfo.startCursor` or an edge `cursor` of this list and order).');
  const Filter = makeFilter(list);
  field('filter', () => Filter, 'Narrows the list; the filters given combine. Omit or null for no narrowing.');
  if (list.sortable) {
    const Order = makeOrder(list);
    field('orderBy', () => [Order], 'Sort order, applied left to right (one key, or a list), with `id` as the final tie-break in the direction of the last key. Omit or null: by id, ascending. A cursor is bound to the order it was made in.');
  }
  ArgsType()(Args);
  return { args: Args as new () => ConnectionArgs, filter: Filter };
}

/** The types of a list, made once per declaration. */
export const listTypes = oncePerList(makeListTypes);
