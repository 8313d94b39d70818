import { SelectQueryBuilder } from 'typeorm';
import { ApiKey } from '../../src/api-keys/api-key.entity';
import { checkStatementTexts, rawRowsOf } from '../../src/db/statement-texts';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * A read's SQL text is built once per shape of query and reused with each request's values
 * (src/db/statement-texts.ts). Elsewhere the tests compare every reused text with TypeORM's own;
 * here that check is off, to see what is built and what is reused.
 */
let app: TestApp;
let first: Workspace;
let second: Workspace;

beforeAll(async () => {
  app = await startTestApp();
  [first, second] = [await app.workspace('texts one'), await app.workspace('texts two')];
  await app.keyFor(second, { label: 'another' });
  checkStatementTexts(false);
});
afterAll(async () => {
  checkStatementTexts(true);
  await app.close();
});

const keysOf = (organisationId: number, order: 'ASC' | 'DESC' = 'ASC'): SelectQueryBuilder<ApiKey> =>
  app.dataSource.manager.createQueryBuilder(ApiKey, 'k').select(['k.id', 'k.organisationId']).where('k.organisationId = :organisation', { organisation: organisationId }).orderBy('k.id', order);

const ids = (rows: Record<string, unknown>[]): unknown[] => rows.map((row) => row.k_id);
const expectedIds = async (organisationId: number, order: 'ASC' | 'DESC' = 'ASC'): Promise<number[]> =>
  (await app.dataSource.query(`SELECT id FROM api_keys WHERE organisation_id = $1 ORDER BY id ${order}`, [organisationId])).map((row: { id: number }) => row.id);

describe('statement texts', () => {
  it('builds the text of a shape once, and reads each request with its own values', async () => {
    const built = jest.spyOn(SelectQueryBuilder.prototype, 'getQuery');
    try {
      expect(ids(await rawRowsOf(keysOf(first.organisationId)))).toEqual(await expectedIds(first.organisationId));
      const afterFirst = built.mock.calls.length;
      expect(ids(await rawRowsOf(keysOf(second.organisationId)))).toEqual(await expectedIds(second.organisationId));
      expect(built.mock.calls.length).toBe(afterFirst);
    } finally {
      built.mockRestore();
    }
  });

  it('builds another text for another shape', async () => {
    const built = jest.spyOn(SelectQueryBuilder.prototype, 'getQuery');
    try {
      expect(ids(await rawRowsOf(keysOf(second.organisationId, 'DESC')))).toEqual(await expectedIds(second.organisationId, 'DESC'));
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  it('answers as getRawMany does, a text per request, what the shape does not describe', async () => {
    const built = jest.spyOn(SelectQueryBuilder.prototype, 'getQuery');
    try {
      await app.dataSource.transaction(async (manager) => {
        const inTransaction = manager.createQueryBuilder(ApiKey, 'k').select(['k.id']).where('k.organisationId = :organisation', { organisation: first.organisationId }).orderBy('k.id').setLock('pessimistic_read');
        expect(ids(await rawRowsOf(inTransaction))).toEqual(await expectedIds(first.organisationId));
        expect(ids(await rawRowsOf(inTransaction.clone()))).toEqual(await expectedIds(first.organisationId));
      });
      // A locked read is built every time, as TypeORM builds it.
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });
});
