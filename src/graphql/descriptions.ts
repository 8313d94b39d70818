import { DEFAULT_CONNECTION_SIZE, MAX_PAGE_SIZE } from '../db/lists/list-request';

/**
 * Descriptions the schema repeats, written once so that one concept reads the same in every type
 * (partners read them in the explorer's Docs pane, and `require-description` in eslint.config.mjs
 * fails the lint for an element without one). The limits are those of docs/decisions.md ("Sizes"),
 * which the class-validator rules of the inputs enforce; a description states them, it does not
 * enforce them.
 */

/** The largest integer and id (PostgreSQL `integer`). */
const MAX_INT = '2,147,483,647';

// Records --------------------------------------------------------------------------------------

export const CREATED_AT = 'When the record was created. Read-only.';
export const UPDATED_AT = 'When the record last changed (an update that changes nothing leaves it as it was). Read-only.';

/** Content pieces and distributions draw their database ids from one sequence (docs/decisions.md). */
export const SHARED_SEQUENCE_NOTE = 'Content pieces and distributions share one id sequence, so a database id names one or the other, never both.';

// Field formats --------------------------------------------------------------------------------

/** Free text: at most 20,000 characters, `""` when not given (never null). */
export const freeText = (what: string): string => `${what} (free text of at most 20,000 characters; "" when not given).`;

/** Free text typed "or null" by the specification: null when not given. */
export const nullableText = (what: string): string => `${what} (free text of at most 20,000 characters; null when not set).`;

/** A URL field typed plain `string`: `""` says "none". */
export const httpUrlOrEmpty = (what: string): string => `URL of ${what}: absolute http(s), at most 2,048 characters, or "" for none.`;

/** A 0/1 integer flag (spec §2.1), refused otherwise. */
export const flag = (meaning: string, byDefault: 0 | 1 = 0): string => `1 when ${meaning}, else 0 (default ${byDefault}).`;

/** A campaign switch (spec §2.1): a JSON boolean. */
export const switchField = (meaning: string): string => `Whether ${meaning} (default false).`;

/** A non-negative integer stored as given. */
export const count = (what: string): string => `${what}: an integer 0 to ${MAX_INT} (default 0).`;

/** The v2 costs (`numeric(14,2)`). */
export const cost = (what: string): string => `${what}: 0 to 999,999,999,999.99, at most 2 decimals (default 0).`;

// The g_ and e_ metric pairs (spec §2.1 leaves the prefixes open; docs/decisions.md gives them) --

/** `g_<metric>`: the goal, the contracted target. */
export const goal = (metric: string): string => `Goal (g_): the contracted target for ${metric}; an integer 0 to ${MAX_INT}, default 0.`;

/** `e_<metric>`: the estimate, the forecast; no relation to the goal is enforced. */
export const estimate = (metric: string): string => `Estimate (e_): the forecast for ${metric}, not checked against the goal; an integer 0 to ${MAX_INT}, default 0.`;

// Lists ----------------------------------------------------------------------------------------

export const FIRST_ARG = `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_CONNECTION_SIZE}; null also means ${DEFAULT_CONNECTION_SIZE}). Out of range: BAD_USER_INPUT.`;
export const AFTER_ARG = 'The records after this cursor (`pageInfo.endCursor` or an edge `cursor` of this list and order); omit or null for the first page.';
export const FILTER_ARG = 'Narrows the list; the filters given combine. Omit or null for no narrowing.';
export const ORDER_BY_ARG = 'Sort order; omit or null to sort by id, ascending.';

// Arguments naming a record ----------------------------------------------------------------------

/** The `id` of a single read: NOT_FOUND is the field's own error. */
export const idArg = (what: string): string => `Global id of the ${what} (its \`id\`; its bare REST v2 id is still taken for the transition).`;

/** The `id` a mutation acts on: an id that names nothing is a `userErrors` entry. */
export const mutationIdArg = (what: string): string => `Global id of the ${what}; NOT_FOUND in \`userErrors\` when it names no ${what} of this workspace, BAD_USER_INPUT when it is no id of one.`;

export const CREATE_INPUT_ARG = 'Fields of the new record; the input type says which are required. Omitted fields take their defaults.';
export const UPDATE_INPUT_ARG = 'Fields to change: omitted fields keep their value; null clears a nullable field and is refused for the others.';

// Mutation payloads ----------------------------------------------------------------------------

export const USER_ERRORS = 'Why the mutation was refused, one entry per broken rule; empty on success. When not empty nothing was changed.';
