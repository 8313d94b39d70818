import { arrayOf, type JsonSchema, nullable, objectOf } from '../../../common/json-schema';

/**
 * The v2 pagination envelope (spec §2.1) around records of `record`, titled after it
 * (`CampaignPage`): the document lists each page shape once, and generators name it.
 */
export function pageOf(record: JsonSchema): JsonSchema {
  const { title } = record as { title?: unknown };
  if (typeof title !== 'string') throw new Error('A page holds titled records: give the record schema a title');
  const link = nullable({ type: 'string', format: 'uri' });
  const position = nullable({ type: 'integer', minimum: 1 });
  return { title: `${title}Page`, ...objectOf({
    current_page: { type: 'integer', minimum: 1 },
    data: arrayOf(record),
    from: position,
    next_page_url: link,
    per_page: { type: 'integer', minimum: 1 },
    prev_page_url: link,
    to: position,
  }) };
}

/** `{ key: schema }`, the usual shape of `data`. */
export function keyed(key: string, schema: JsonSchema): JsonSchema {
  return objectOf({ [key]: schema });
}
