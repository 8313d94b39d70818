import { camelCase, snakeCase } from 'typeorm/util/StringUtils.js';
import { isoTimestamp } from './iso-timestamp';
import type { JsonSchema } from './json-schema';

/** How one field of a v2 record is spelled and typed on the wire. */
export interface WireFieldSpec {
  wire: string;
  /** The entity / service-input property; camelCase of `wire` unless the spec spells it oddly. */
  prop?: string;
  /** Output conversion (for example an integer id the spec returns as a string). */
  toWire?: (value: unknown) => unknown;
  /** Input conversion, applied before validation (for example a numeric string the spec sends). */
  fromWire?: (value: unknown) => unknown;
  /** Shown in records but never written by clients (ignored when a client echoes it back). */
  readOnly?: boolean;
  /** Accepted in bodies but not shown in records (the record names the value differently). */
  writeOnly?: boolean;
  /**
   * The field's JSON Schema on the wire, for the OpenAPI document: needed only where the entity's
   * column does not say it (a value computed for the record, or a conversion that changes the type).
   */
  schema?: JsonSchema;
}

export type WireField = Readonly<WireFieldSpec & { prop: string }>;

export interface MappedBody {
  values: Record<string, unknown>;
  unknownFields: string[];
}

function timestampToWire(value: unknown): unknown {
  return value instanceof Date ? isoTimestamp(value) : value;
}

/**
 * The v2 spelling of a resource, declared once per resource and used both ways: entity → record
 * for responses and events, body → service input for writes, and property → wire name for errors.
 */
export class WireShape {
  private readonly fields: (WireFieldSpec & { prop: string })[];
  private readonly byWire = new Map<string, WireFieldSpec & { prop: string }>();
  private readonly byProp = new Map<string, string>();

  constructor(specs: (string | WireFieldSpec)[]) {
    this.fields = specs.map((spec) => {
      const field = typeof spec === 'string' ? { wire: spec } : spec;
      return { ...field, prop: field.prop ?? camelCase(field.wire) };
    });
    for (const field of this.fields) {
      this.byWire.set(field.wire, field);
      // Errors name what a client writes, so writable spellings win over read-only ones.
      if (!field.readOnly || !this.byProp.has(field.prop)) this.byProp.set(field.prop, field.wire);
    }
  }

  /** Every field in declaration order (the spec's order); timestamps become ISO 8601 UTC strings. */
  toRecord(source: object, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const values = source as Record<string, unknown>;
    // Lists build thousands of records: without extras, one compiled literal per shape.
    if (Object.keys(extra).length === 0) {
      // `"__proto__": …` in a literal would set the prototype, not a field: that shape keeps the loop.
      if (this.compiled === undefined) this.compiled = this.fields.some((field) => field.wire === '__proto__') ? null : this.compileRecord();
      if (this.compiled) return this.compiled(values);
    }
    const record: Record<string, unknown> = {};
    for (const field of this.fields) {
      if (field.writeOnly) continue;
      if (field.wire in extra) {
        record[field.wire] = extra[field.wire];
        continue;
      }
      const value = values[field.prop] ?? null;
      record[field.wire] = value === null ? null : (field.toWire ?? timestampToWire)(value);
    }
    return record;
  }

  /** Undefined until first used; null when the shape cannot be compiled. */
  private compiled: ((values: Record<string, unknown>) => Record<string, unknown>) | null | undefined;

  /**
   * toRecord without extras as one object literal (every record of a list shares one V8 shape):
   * the same fields, order and conversions as the loop in toRecord. Generated from the
   * declaration only, every name JSON-quoted.
   */
  private compileRecord(): (values: Record<string, unknown>) => Record<string, unknown> {
    const shown = this.fields.filter((field) => !field.writeOnly);
    const converts = shown.map((field) => field.toWire ?? timestampToWire);
    const body = shown.map((field, index) => `${JSON.stringify(field.wire)}: show(values[${JSON.stringify(field.prop)}], converts[${index}])`).join(', ');
    const show = (value: unknown, convert: (value: unknown) => unknown): unknown => (value === null || value === undefined ? null : convert(value));
    const make = new Function('converts', 'show', `return (values) => ({ ${body} });`) as (
      converts: ((value: unknown) => unknown)[],
      show: (value: unknown, convert: (value: unknown) => unknown) => unknown,
    ) => (values: Record<string, unknown>) => Record<string, unknown>;
    return make(converts, show);
  }

  /** Every declared field, in the spec's order (for the OpenAPI document). */
  get declaredFields(): readonly WireField[] {
    return this.fields;
  }

  /** A JSON body in v2 spelling → service-input properties; unknown names are reported, read-only ones skipped. */
  fromBody(body: Record<string, unknown>): MappedBody {
    const values: Record<string, unknown> = {};
    const unknownFields: string[] = [];
    for (const [wire, value] of Object.entries(body)) {
      const field = this.byWire.get(wire);
      if (!field) {
        unknownFields.push(wire);
        continue;
      }
      if (field.readOnly) continue;
      values[field.prop] = field.fromWire && value !== null && value !== undefined ? field.fromWire(value) : value;
    }
    return { values, unknownFields };
  }

  /** Error keys: `campaignTitle` → `campaign_title`; names the shape does not declare are snake_cased. */
  wireName(propPath: string): string {
    return wireNameOf(propPath, this.byProp);
  }
}

/** Accepts an integer sent as a numeric string (the spec sends some ids that way). */
export function integerFromString(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
}

export function integerToString(value: unknown): unknown {
  return typeof value === 'number' ? String(value) : value;
}

/** v2 spelling of a property path, segment by segment (`phases.0.phaseTitle` → `phases.0.phase_title`). */
export function wireNameOf(propPath: string, known: ReadonlyMap<string, string> = new Map()): string {
  return propPath
    .split('.')
    .map((segment) => known.get(segment) ?? snakeCase(segment))
    .join('.');
}
