import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ErrorCode, isErrorCode } from '../../src/common/error-codes';
import { cliExitCodeOf } from '../../src/cli/exit-code';
import { graphqlHttpStatusOf } from '../../src/graphql/error-status';
import { httpStatusOf } from '../../src/http/error-status';

/**
 * The error catalogue is total on every face: each code maps to an HTTP status on REST and on
 * GraphQL, and to an exit status in the CLI. (The compiler already refuses a switch missing a
 * code; this checks the mapping at run time, and that the default branch refuses what is not a code.)
 */
const NOT_A_CODE = 'NOT_IN_THE_CATALOGUE' as ErrorCode;

describe('the error catalogue', () => {
  it('holds each code once, spelled as its name', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const [name, code] of Object.entries(ErrorCode)) expect(code).toBe(name);
    expect(ERROR_CODES.every(isErrorCode)).toBe(true);
    expect(isErrorCode(NOT_A_CODE)).toBe(false);
  });

  it('REST: every code maps to an HTTP error status', () => {
    const statuses = Object.fromEntries(ERROR_CODES.map((code) => [code, httpStatusOf(code)]));
    for (const code of ERROR_CODES) expect([code, statuses[code] >= 400 && statuses[code] < 600]).toEqual([code, true]);
    expect(statuses).toMatchObject({
      UNAUTHENTICATED: 401,
      NOT_FOUND: 404,
      BAD_USER_INPUT: 422,
      BAD_REQUEST: 400,
      RATE_LIMITED: 429,
      IDEMPOTENCY_KEY_REUSED: 422,
      IDEMPOTENCY_KEY_IN_USE: 409,
      SERVICE_UNAVAILABLE: 503,
      STATEMENT_TIMEOUT: 503,
      INTERNAL_SERVER_ERROR: 500,
    });
    expect(() => httpStatusOf(NOT_A_CODE)).toThrow('Unmapped error code: NOT_IN_THE_CATALOGUE');
  });

  it('GraphQL: every code maps to the HTTP status of a refused request', () => {
    const statuses = Object.fromEntries(ERROR_CODES.map((code) => [code, graphqlHttpStatusOf(code)]));
    for (const code of ERROR_CODES) expect([code, [200, 400, 401, 403, 404, 409, 410, 422, 429, 500, 503].includes(statuses[code])]).toEqual([code, true]);
    expect(statuses).toMatchObject({
      UNAUTHENTICATED: 401,
      BAD_USER_INPUT: 400,
      THROTTLED: 429,
      RATE_LIMITED: 429,
      QUERY_TOO_COMPLEX: 400,
      QUERY_TOO_DEEP: 400,
      TOO_MANY_FIELDS: 400,
      SERVICE_UNAVAILABLE: 503,
      STATEMENT_TIMEOUT: 503,
      INTERNAL_SERVER_ERROR: 500,
    });
    expect(() => graphqlHttpStatusOf(NOT_A_CODE)).toThrow('Unmapped error code: NOT_IN_THE_CATALOGUE');
  });

  it('CLI: every code maps to a failing exit status (1, or 75 for "retry later")', () => {
    for (const code of ERROR_CODES) expect([code, [1, 75].includes(cliExitCodeOf(code))]).toEqual([code, true]);
    expect(cliExitCodeOf(ErrorCode.NOT_FOUND)).toBe(1);
    expect(cliExitCodeOf(ErrorCode.BAD_USER_INPUT)).toBe(1);
    expect(cliExitCodeOf(ErrorCode.SERVICE_UNAVAILABLE)).toBe(75);
    expect(cliExitCodeOf(ErrorCode.STATEMENT_TIMEOUT)).toBe(75);
    expect(() => cliExitCodeOf(NOT_A_CODE)).toThrow('Unmapped error code: NOT_IN_THE_CATALOGUE');
  });

  it('is listed whole, and nothing else, in the table of docs/graphql.md\'s Errors section', () => {
    const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'graphql.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Errors'), docs.indexOf('\n## ', docs.indexOf('## Errors') + 1));
    const listed = [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell.matchAll(/`([A-Z_]+)`/g)].map(([, code]) => code));
    expect(new Set(listed)).toEqual(new Set(ERROR_CODES));
  });
});
