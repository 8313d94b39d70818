import { apiClient, type AnyBody, type ApiClient, type ApiResponse, type TestApp } from './test-app';

/**
 * Constants and assertions the REST /v2 and GraphQL test files share: record formats, the v2
 * envelopes of refusals, and the 401s that must leave the database as it was.
 */

/** A timestamp as records carry it: UTC with milliseconds. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The message of every v2 422. */
export const INVALID = 'The given data was invalid';

/** The keys of a v2 paginated envelope, sorted. */
export const PAGINATION_KEYS = ['current_page', 'data', 'from', 'next_page_url', 'per_page', 'prev_page_url', 'to'];

/** Ids that name nothing in a workspace: unknown, malformed, out of range. */
export const MISSING_IDS = ['999999', 'abc', '0', '-1', '1.5', '99999999999'];

/** A well-formed API key that no workspace was ever issued. */
export const UNISSUED_KEY = 'cpk_thisKeyWasNeverIssuedToAnyWorkspace0000000';

/** Sends one REST request with the client it is given. */
export type SendRequest = (client: ApiClient) => Promise<ApiResponse<AnyBody>>;

/** A v2 422 naming exactly one field, each message starting with that field's v2 name. */
export function expectInvalid(response: ApiResponse<AnyBody>, field: string): void {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors: { [field]: expect.any(Array) } });
  const messages: unknown[] = response.body.errors[field];
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message).toEqual(expect.stringMatching(new RegExp(`^${field} \\S`)));
}

/** A 422 whose `errors` are exactly `errors`: every refusal of the request, field by field, with its message. */
export function expectInvalidErrors(response: ApiResponse<AnyBody>, errors: Record<string, string[]>): void {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ success: false, message: INVALID, code: 'BAD_USER_INPUT', request_id: expect.any(String), errors });
}

/** A refusal's body without its `request_id`, which differs from request to request: to compare two refusals. */
export function withoutRequestId(body: AnyBody): AnyBody {
  const { request_id: _requestId, ...rest } = body;
  return rest;
}

/** A v2 404 with the given not-found body. */
export function expectNotFoundBody(response: ApiResponse<AnyBody>, body: AnyBody): void {
  expect(response.status).toBe(404);
  expect(response.body).toEqual(body);
}

/** The v2 body of a 404 saying `message` ("Campaign not found", "No route for POST /v2/…"). */
export function notFoundBody(message: string): AnyBody {
  return { success: false, message, code: 'NOT_FOUND', request_id: expect.any(String) };
}

/** A v2 404 saying `message`, and nothing else. */
export function expectNotFound(response: ApiResponse<AnyBody>, message: string): void {
  expectNotFoundBody(response, notFoundBody(message));
}

/**
 * A 200 JSON v2 success envelope with exactly `success`, `message` and `data`: `message` the given
 * one, or any text but "" when none is given; `data` with exactly the keys `dataKeys`, in order,
 * when they are given.
 */
export function expectSuccess(response: ApiResponse<AnyBody>, { message, dataKeys }: { message?: string; dataKeys?: string[] } = {}): void {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(response.body).sort()).toEqual(['data', 'message', 'success']);
  expect(response.body.success).toBe(true);
  if (message === undefined) {
    expect(typeof response.body.message).toBe('string');
    expect(response.body.message).not.toBe('');
  } else {
    expect(response.body.message).toBe(message);
  }
  if (dataKeys) expect(Object.keys(response.body.data)).toEqual(dataKeys);
}

/**
 * Resolves once the clock has moved past the millisecond it reads now: a write made afterwards gets
 * a later `updated_at` (stored to the millisecond) than a record read before the call. Observes the
 * clock; waits no fixed time.
 */
export async function untilClockMoves(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** How an error message names its field: the last path segment, or the whole path when that is an array index. */
export function fieldLabel(path: string): string {
  const last = path.split('.').at(-1) ?? path;
  return /^\d+$/.test(last) ? path : last;
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The REST 401s: no key, and a key no workspace has. `state` must read the same before and after. */
export async function expectRestUnauthenticated(app: TestApp, send: SendRequest, state: () => Promise<unknown>): Promise<void> {
  const before = await state();
  const missing = await send(apiClient(app.baseUrl));
  expect(missing.status).toBe(401);
  expect(missing.body).toEqual({ success: false, message: 'API key is missing', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
  const invalid = await send(apiClient(app.baseUrl, { 'x-api-key': UNISSUED_KEY }));
  expect(invalid.status).toBe(401);
  expect(invalid.body).toEqual({ success: false, message: 'API key is invalid', code: 'UNAUTHENTICATED', request_id: expect.any(String) });
  expect(await state()).toEqual(before);
}
