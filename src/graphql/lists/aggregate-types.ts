import { namedClass, oncePerList } from './per-list';
import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AGGREGATE_FUNCTIONS, type AggregateFunction, MAX_GROUPS } from '../../db/lists/list-aggregates';
import type { ExtremeKind, ListDeclaration } from '../../db/lists/list-declaration';
import { BigIntScalar, DateScalar, DateTimeScalar } from '../scalars';

/**
 * The GraphQL side of a declared list's aggregates (src/db/lists/list-aggregates.ts):
 * `<Name>Aggregates` (`count`, and `sum`, `avg`, `min`, `max` of what the list declares),
 * `<Name>AggregateGroup` (the same with its `keys`) and the `<Name>GroupBy` enum, made from the
 * declaration at import time, as the list's arguments are (list-types.ts).
 */

export interface AggregateTypes {
  Aggregates: new () => object;
  Group: new () => object;
  /** The `<Name>GroupBy` enum (its values are their names). */
  GroupBy: Record<string, string>;
  /** The most groups each key can make (null: as many as the workspace has values), for the cost. */
  possibleGroups: Readonly<Record<string, number | null>>;
}

/** Each function's type name suffix and how a value is described. */
const FUNCTIONS: Record<AggregateFunction, { type: string; what: string; field: (property: string, records: string) => string }> = {
  sum: { type: 'Sum', what: 'Sums of the metrics', field: (property, records) => `Sum of \`${property}\` over the ${records} (0 when there are none), as a decimal string: sums pass 32 bits.` },
  avg: { type: 'Average', what: 'Means of the metrics', field: (property, records) => `Mean of \`${property}\` over the ${records}; null when there are none.` },
  min: { type: 'Min', what: 'The smallest (earliest) value of each field', field: (property, records) => `Smallest (earliest) \`${property}\` of the ${records}; null when none has one.` },
  max: { type: 'Max', what: 'The largest (latest) value of each field', field: (property, records) => `Largest (latest) \`${property}\` of the ${records}; null when none has one.` },
};

const EXTREME_TYPES: Record<ExtremeKind, () => typeof Int | typeof DateScalar | typeof DateTimeScalar> = {
  integer: () => Int,
  date: () => DateScalar,
  timestamp: () => DateTimeScalar,
};


/** The properties each function answers for: sums and means of the metrics, extremes of every declared column. */
function propertiesOf(list: ListDeclaration, fn: AggregateFunction): readonly string[] {
  return fn === 'sum' || fn === 'avg' ? list.aggregates.metrics : Object.keys(list.aggregates.extremes);
}

function makeFunctionType(list: ListDeclaration, fn: AggregateFunction): (new () => object) | undefined {
  const properties = propertiesOf(list, fn);
  if (properties.length === 0) return undefined;
  const { type, field } = FUNCTIONS[fn];
  const name = `${list.name}${type}Aggregates`;
  const Type = namedClass(name);
  for (const property of properties) {
    const description = field(property, list.records);
    if (fn === 'sum') Field(() => BigIntScalar, { description })(Type.prototype, property);
    else if (fn === 'avg') Field(() => Float, { nullable: true, description })(Type.prototype, property);
    else Field(EXTREME_TYPES[list.aggregates.extremes[property]], { nullable: true, description })(Type.prototype, property);
  }
  ObjectType(name, { description: `${FUNCTIONS[fn].what} of ${list.records}.`, simpleResolvers: true })(Type);
  return Type;
}

/** `count`, `sum`, `avg`, `min` and `max` on `Type`: what both aggregate types answer. */
function addAggregateFields(list: ListDeclaration, Type: new () => object, functionTypes: Partial<Record<AggregateFunction, new () => object>>): void {
  Field(() => Int, { description: `How many ${list.records} there are.` })(Type.prototype, 'count');
  for (const fn of AGGREGATE_FUNCTIONS) {
    const FunctionType = functionTypes[fn];
    if (FunctionType) Field(() => FunctionType, { description: `${FUNCTIONS[fn].what} over the ${list.records}.` })(Type.prototype, fn);
  }
}

function makeAggregateTypes(list: ListDeclaration): AggregateTypes {
  const functionTypes: Partial<Record<AggregateFunction, new () => object>> = {};
  for (const fn of AGGREGATE_FUNCTIONS) {
    const FunctionType = makeFunctionType(list, fn);
    if (FunctionType) functionTypes[fn] = FunctionType;
  }
  const Aggregates = namedClass(`${list.name}Aggregates`);
  addAggregateFields(list, Aggregates, functionTypes);
  const contents = list.aggregates.metrics.length > 0 ? 'the count, and sums, means and extremes of their fields' : 'the count, and extremes of their fields';
  ObjectType(`${list.name}Aggregates`, { description: `Aggregates of ${list.records}: ${contents}.`, simpleResolvers: true })(Aggregates);

  const groupKeys = list.aggregates.groupBy;
  const GroupBy = Object.fromEntries(Object.keys(groupKeys).map((name) => [name, name]));
  registerEnumType(GroupBy, {
    name: `${list.name}GroupBy`,
    description: `What ${list.records} can be grouped by in \`groupedAggregates\`.`,
    valuesConfig: Object.fromEntries(Object.entries(groupKeys).map(([name, key]) => [name, { description: key.description }])),
  });
  const Group = namedClass(`${list.name}AggregateGroup`);
  Field(() => [String], {
    nullable: 'items',
    description: 'The group\'s value of each `groupBy` key, in order, as the list\'s filters take it (an enum value\'s name, a global id, a date); null for records without one.',
  })(Group.prototype, 'keys');
  addAggregateFields(list, Group, functionTypes);
  ObjectType(`${list.name}AggregateGroup`, { description: `Aggregates of one group of ${list.records} (at most ${MAX_GROUPS} groups).`, simpleResolvers: true })(Group);

  const possibleGroups = Object.fromEntries(Object.entries(groupKeys).map(([name, key]) => [name, key.possibleGroups ?? null]));
  return { Aggregates, Group, GroupBy, possibleGroups };
}

/** The aggregate types of a list, made once per declaration. */
export const aggregateTypes = oncePerList(makeAggregateTypes);
