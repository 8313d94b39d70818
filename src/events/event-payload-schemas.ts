import { type TArray, type TInteger, type TObject, type TString, Type } from '@sinclair/typebox';
import type { StatusMachine } from '../common/status-machine';
import { EVENT_RECORDS, type RecordKey, type RecordPart } from './event-record-schemas';

/*
 * The building blocks of the catalogue's payload schemas. TypeBox (rather than hand-written JSON
 * Schema beside a hand-written type) because one declaration gives both: the JSON Schema served
 * to partners and checked against every event of the test suite, and, through `Static`, the type
 * `recordEvent` demands at each call site, so the two cannot drift apart.
 */

/** Payloads are closed: a key the schema does not name is drift, not an extension. */
export const CLOSED = { additionalProperties: false } as const;

export const ID: TInteger = Type.Integer({ minimum: 1 });

/** An instant as the records write it (`toISOString()`). */
export const TIMESTAMP: TString = Type.String({ format: 'date-time' });

/** One of a status machine's integers. */
export function statusOf(machine: StatusMachine<number>): TInteger {
  return Type.Integer({ enum: [...machine.values] });
}

/** Ids a cascading delete took with it: each once, possibly none. */
const CASCADED_IDS: TArray<TInteger> = Type.Array(ID, { uniqueItems: true });

/** Never empty: an update that changes nothing records no event. */
const CHANGED_FIELDS: TArray<TString> = Type.Array(Type.String(), { minItems: 1, uniqueItems: true, description: 'The v2 fields the change touched.' });

type RecordProperty<K extends RecordKey> = { [P in K]: RecordPart };

function recordProperty<K extends RecordKey>(key: K): RecordProperty<K> {
  return { [key]: EVENT_RECORDS[key] } as RecordProperty<K>;
}

/** `{"campaign": <campaign record>}`: a create, or a delete that takes nothing with it. */
export function recordPayload<K extends RecordKey>(key: K): TObject<RecordProperty<K>> {
  return Type.Object(recordProperty(key), CLOSED);
}

/** `{"campaign": <campaign record>, "changed_fields": [string]}`. */
export function updatedPayload<K extends RecordKey>(key: K): TObject<RecordProperty<K> & { changed_fields: typeof CHANGED_FIELDS }> {
  return Type.Object({ ...recordProperty(key), changed_fields: CHANGED_FIELDS }, CLOSED);
}

type Cascaded<C extends string> = TObject<{ [P in C]: typeof CASCADED_IDS }>;

/** `{"campaign": <campaign record>, "deleted": {"phases": [integer], …}}`: `cascade` names what the delete takes with it. */
export function deletedPayload<K extends RecordKey, C extends string>(key: K, cascade: readonly C[]): TObject<RecordProperty<K> & { deleted: Cascaded<C> }> {
  const deleted = Type.Object(Object.fromEntries(cascade.map((name) => [name, CASCADED_IDS])) as { [P in C]: typeof CASCADED_IDS }, {
    ...CLOSED,
    description: 'The ids the delete took with it.',
  });
  return Type.Object({ ...recordProperty(key), deleted }, CLOSED);
}
