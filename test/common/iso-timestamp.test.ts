import { isoTimestamp } from '../../src/common/iso-timestamp';
import { seededRandom } from '../support/seeded-random';

/** isoTimestamp writes what Date#toISOString writes, for every date, and refuses what it refuses. */

it.each([
  '2026-11-27T12:04:36.123Z',
  '2026-01-01T00:00:00.000Z',
  '1999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00.000Z',
  '0050-06-15T12:00:00.005Z',
  '0999-09-09T09:09:09.090Z',
  '9999-12-31T23:59:59.999Z',
  '+010000-01-01T00:00:00.000Z',
  '-000001-12-31T23:59:59.999Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
])('writes %s as toISOString does', (text) => {
  const date = new Date(text);
  expect(isoTimestamp(date)).toBe(date.toISOString());
});

it('writes 100,000 dates across the years 0 to 9999 as toISOString does', () => {
  const random = seededRandom(7);
  const from = Date.parse('0000-01-01T00:00:00Z') - 1000;
  const to = Date.parse('+010000-01-01T00:00:00Z') + 1000;
  for (let i = 0; i < 100_000; i += 1) {
    const date = new Date(Math.floor(from + random() * (to - from)));
    if (isoTimestamp(date) !== date.toISOString()) expect(isoTimestamp(date)).toBe(date.toISOString());
  }
});

it('refuses an invalid date as toISOString does', () => {
  expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
});
