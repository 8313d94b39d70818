import { types } from 'pg';
import { DateUtils } from 'typeorm/util/DateUtils.js';
import { parseDateColumn, parseTimestamptz } from '../../src/db/pg-type-parsers';
import { seededRandom } from '../support/seeded-random';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The data source reads `timestamptz` and `date` with parsers of its own (src/db/pg-type-parsers.ts).
 * A timestamp must be what pg's own (postgres-date) gives, to the millisecond, and a date what
 * TypeORM makes of it (entities hold dates as `YYYY-MM-DD` text), for any text: generated texts,
 * and PostgreSQL's output in several time zones.
 */

const reference = {
  timestamptz: types.getTypeParser(1184, 'text') as (text: string) => unknown,
  date: types.getTypeParser(1082, 'text') as (text: string) => unknown,
};

/** What a parsed value is, comparable: a Date's time (NaN included), or the value itself. */
function comparable(value: unknown): unknown {
  return value instanceof Date ? { date: value.getTime() } : { other: value };
}

function expectSameAsPg(text: string, ours: (text: string) => unknown, theirs: (text: string) => unknown): void {
  expect({ text, value: comparable(ours(text)) }).toEqual({ text, value: comparable(theirs(text)) });
}

/** What TypeORM hydrates a `date` column's parsed value to. */
const hydratedDate = (value: unknown): unknown => DateUtils.mixedDateToDateString(value as Date);

function expectHydratedAsPg(text: string): void {
  expect({ text, value: hydratedDate(parseDateColumn(text)) }).toEqual({ text, value: hydratedDate(reference.date(text)) });
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

describe('timestamptz', () => {
  it.each([
    '2026-11-27 12:04:36+00',
    '2026-11-27 12:04:36.1+00',
    '2026-11-27 12:04:36.12+00',
    '2026-11-27 12:04:36.123+00',
    '2026-11-27 12:04:36.009+00',
    '2026-11-27 12:04:36.57+00',
    '2026-11-27 12:04:36.123456+00',
    '2026-11-27 12:04:36.999999+00',
    '2026-11-27 12:04:36.123+05:30',
    '2026-11-27 12:04:36.123-03:30',
    '2026-11-27 00:00:00+05:45',
    '1880-01-01 00:00:00+00:19:32',
    '1880-01-01 00:00:00-00:25:21',
    '2026-02-29 12:00:00+00',
    '0100-01-01 00:00:00+00',
    '0099-12-31 23:59:59+00',
    '0050-06-15 12:00:00.5+00',
    '0001-01-01 00:00:00+00 BC',
    '2026-01-01 00:00:00+00 BC',
    '12345-01-01 00:00:00+00',
    'infinity',
    '-infinity',
    '2026-11-27T12:04:36.123Z',
    '2026-11-27 12:04:36.+00',
    '2026-11-27 12:04:36.123+0530',
    '2026-11-27 12:04:36.123',
    'not a timestamp',
  ])('reads %s as pg does', (text) => {
    expectSameAsPg(text, parseTimestamptz, reference.timestamptz);
  });

  it('reads 20,000 generated texts as pg does', () => {
    const random = seededRandom(23);
    const pick = (count: number): number => Math.floor(random() * count);
    const zones = ['+00', '-05', '+05:30', '-03:30', '+14', '-12', '+00:19:32', '-00:25:21', '+05:45'];
    for (let i = 0; i < 20_000; i += 1) {
      const fraction = pick(7);
      const text =
        `${pad(100 + pick(9900), 4)}-${pad(1 + pick(12), 2)}-${pad(1 + pick(31), 2)} ` +
        `${pad(pick(24), 2)}:${pad(pick(60), 2)}:${pad(pick(60), 2)}` +
        (fraction ? `.${pad(pick(10 ** fraction), fraction)}` : '') +
        zones[pick(zones.length)];
      expectSameAsPg(text, parseTimestamptz, reference.timestamptz);
    }
  });
});

describe('date', () => {
  it.each(['2026-11-27', '2026-02-29', '2028-02-29', '2100-02-29', '2000-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0100-01-01', '0099-12-31', '0001-01-01 BC', '12345-01-01', 'infinity', '-infinity', '2026-1-27', 'not a date'])(
    'reads %s as TypeORM hydrates what pg reads',
    (text) => {
      expectHydratedAsPg(text);
    },
  );

  it.each(['2026-11-27', '2028-02-29', '2000-02-29', '0100-01-01', '9999-12-31'])('reads %s as its text, with no Date made', (text) => {
    expect(parseDateColumn(text)).toBe(text);
  });

  it('reads 20,000 generated dates as TypeORM hydrates what pg reads', () => {
    const random = seededRandom(29);
    const pick = (count: number): number => Math.floor(random() * count);
    for (let i = 0; i < 20_000; i += 1) expectHydratedAsPg(`${pad(100 + pick(9900), 4)}-${pad(1 + pick(12), 2)}-${pad(1 + pick(31), 2)}`);
  });
});

describe('through the data source', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const VALUES = ['2026-11-27 12:04:36.123456+00', '2026-03-29 01:30:00+00', '1880-01-01 00:00:00+00', '0050-06-15 12:00:00+00', '0044-03-15 12:00:00+00 BC', 'infinity', '-infinity'];

  it.each(['UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/Amsterdam'])('gives what pg gives (a date: as TypeORM hydrates it) for PostgreSQL output in time zone %s', async (zone) => {
    const rows: { parsed: unknown; text: string; day: unknown; dayText: string }[] = await app.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('TimeZone', $1, true)`, [zone]);
      return manager.query(`SELECT v AS parsed, v::text AS text, v::date AS day, v::date::text AS "dayText" FROM unnest(CAST($1 AS timestamptz[])) AS v`, [VALUES]);
    });
    expect(rows).toHaveLength(VALUES.length);
    for (const row of rows) {
      expect({ text: row.text, value: comparable(row.parsed) }).toEqual({ text: row.text, value: comparable(reference.timestamptz(row.text)) });
      expect({ text: row.dayText, value: hydratedDate(row.day) }).toEqual({ text: row.dayText, value: hydratedDate(reference.date(row.dayText)) });
    }
  });

  it("is what the data source's connections read timestamps and dates with", async () => {
    const runner = app.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as { getTypeParser(oid: number, format: string): unknown };
      expect(client.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
      expect(client.getTypeParser(1082, 'text')).toBe(parseDateColumn);
      expect(client.getTypeParser(23, 'text')).toBe(types.getTypeParser(23, 'text'));
    } finally {
      await runner.release();
    }
  });
});
