import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { EVENT_CATALOGUE, type EventType, payloadJsonSchema } from '../../src/events/event-catalogue';
import { withAdminClient } from './test-database';

/**
 * Every event a test file's app recorded is held to the catalogue: its type is one, its resource
 * type is that entry's, and its payload matches the entry's payload schema exactly as partners are
 * served it (`eventTypes { payloadSchema }`, `GET /v2/libraries/event-types`). Run by
 * startTestApp's close(), so the whole suite's events are checked without any test asking, and a
 * payload that drifts from its declared shape fails the file that produced it.
 */

interface OutboxRow {
  id: string;
  event_type: string;
  resource_type: string;
  payload: unknown;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
/** Compiled on first use: most files record only a few of the types. */
const validators = new Map<EventType, ValidateFunction>();

function validatorOf(type: EventType): ValidateFunction {
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile(payloadJsonSchema(type));
    validators.set(type, validate);
  }
  return validate;
}

function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CATALOGUE, type);
}

/** What is wrong with one outbox row, or null. */
export function eventRowProblem(row: OutboxRow): string | null {
  const label = `${row.event_type} event ${row.id}`;
  if (!isEventType(row.event_type)) return `${label}: not a type of the catalogue`;
  const { resource } = EVENT_CATALOGUE[row.event_type];
  if (row.resource_type !== resource) return `${label}: resource_type ${JSON.stringify(row.resource_type)}, the catalogue's is ${JSON.stringify(resource)}`;
  const validate = validatorOf(row.event_type);
  if (validate(row.payload)) return null;
  return `${label}: its payload does not match the type's payload schema:\n    ${ajv.errorsText(validate.errors, { separator: '\n    ' })}`;
}

/** How many problems a failure lists: the first ones say what drifted; the rest repeat it. */
const SHOWN = 10;

/** Throws naming each outbox row of the database (`url`) that does not match its catalogue entry. */
export async function assertRecordedEventsMatchCatalogue(url: string): Promise<void> {
  const rows = await withAdminClient(async (client) => (await client.query<OutboxRow>('SELECT id, event_type, resource_type, payload FROM outbox_events ORDER BY id')).rows, url);
  const problems = rows.map(eventRowProblem).filter((problem): problem is string => problem !== null);
  if (problems.length === 0) return;
  const more = problems.length > SHOWN ? `\n…and ${problems.length - SHOWN} more` : '';
  throw new Error(
    `${problems.length} of the ${rows.length} recorded events do not match the event catalogue (src/events/event-catalogue.ts):\n- ${problems.slice(0, SHOWN).join('\n- ')}${more}`,
  );
}
