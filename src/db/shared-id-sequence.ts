import type { EntityManager } from 'typeorm';

/**
 * Contents and distributions draw ids from this one sequence, so `/v2/distributions/{id}` can
 * tell a content id (list its distributions) from a distribution id (show it). Created by a
 * migration; TypeORM does not manage sequences.
 */
export const CONTENT_DISTRIBUTION_ID_SEQUENCE = 'content_distribution_id_seq';

// Written as PostgreSQL reports it back (without ::regclass), so schema diffs stay empty.
export const CONTENT_DISTRIBUTION_ID_DEFAULT = (): string => `nextval('${CONTENT_DISTRIBUTION_ID_SEQUENCE}')`;

/** Draws `count` ids in one statement (a bulk create of distributions needs several). */
export async function nextContentDistributionIds(manager: EntityManager, count: number): Promise<number[]> {
  const rows: { id: number }[] = await manager.query(`SELECT nextval('${CONTENT_DISTRIBUTION_ID_SEQUENCE}')::int AS id FROM generate_series(1, $1)`, [count]);
  return rows.map((row) => row.id);
}
