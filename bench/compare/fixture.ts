import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import type { Logger } from 'pino';
import { seedDemo } from '../../src/cli/seed-demo';
import { loadConfig } from '../../src/config/config';
import { openDatabase } from '../../src/db/database';
import { createServices } from '../../src/app/services';
import { webhookDeps } from '../../src/webhooks/webhook-deps';
import { postgraphileViewsDdl } from './postgraphile-views';

export interface Fixture {
  /** The API key of the measured workspace. */
  key: string;
  /** SECRETS_KEY the database was seeded with (the project's server must start with the same one). */
  secretsKey: string;
  /** Rows of the measured workspace soft-deleted before the run: none may appear in any answer. */
  deleted: { campaign: number; phase: number; content: number; distribution: number; link: number; media: number };
  /** Campaign ids of the other workspace: none may appear either. */
  otherWorkspaceCampaigns: number[];
  /** Live rows of the measured workspace after the deletions: all of them are in the nested answer. */
  live: LiveCounts;
  summary: string;
}

export interface LiveCounts {
  campaigns: number;
  phases: number;
  contents: number;
  distributions: number;
  links: number;
  media: number;
}

/** Live rows the measured workspace keeps after the deletions: the figures the answers must show. */
async function counts(query: (sql: string, params: unknown[]) => Promise<Record<string, number>[]>, organisationId: number): Promise<LiveCounts> {
  // Reachable rows: live, under live parents (a cascade soft-deletes contents and distributions, not their links and media).
  const [row] = await query(
    `WITH c AS (SELECT id FROM campaigns WHERE organisation_id = $1 AND deleted_at IS NULL),
          p AS (SELECT id FROM phases WHERE organisation_id = $1 AND deleted_at IS NULL AND campaign_id IN (SELECT id FROM c)),
          t AS (SELECT id FROM contents WHERE organisation_id = $1 AND deleted_at IS NULL AND phase_id IN (SELECT id FROM p)),
          d AS (SELECT id FROM distributions WHERE organisation_id = $1 AND deleted_at IS NULL AND content_id IN (SELECT id FROM t))
     SELECT
       (SELECT count(*) FROM c)::int AS campaigns,
       (SELECT count(*) FROM p)::int AS phases,
       (SELECT count(*) FROM t)::int AS contents,
       (SELECT count(*) FROM d)::int AS distributions,
       (SELECT count(*) FROM distribution_links WHERE organisation_id = $1 AND deleted_at IS NULL AND distribution_id IN (SELECT id FROM d))::int AS links,
       (SELECT count(*) FROM distribution_media WHERE organisation_id = $1 AND deleted_at IS NULL AND distribution_id IN (SELECT id FROM d))::int AS media`,
    [organisationId],
  );
  return row as unknown as LiveCounts;
}

/**
 * Seeds, through the service layer as `seed:demo` does:
 *
 * - another workspace first (10 campaigns), so its rows have the lowest ids and would lead every
 *   list that forgot the workspace condition;
 * - the measured workspace with 51 campaigns, then soft-deletes (through the services, which
 *   cascade) its first campaign, a phase, a content piece and a distribution of other campaigns,
 *   and (in SQL, as no operation removes one alone) a link and a media file: every level has a
 *   deleted row that a missing `deleted_at IS NULL` would show. 50 live campaigns remain, as in
 *   bench/nested-and-list.ts.
 *
 * Then ANALYZE, and the views PostGraphile serves.
 */
export async function seedFixture(databaseUrl: string, logger: Logger): Promise<Fixture> {
  // A database of your own (DATABASE_URL) keeps the key it was first sealed with: pass it as SECRETS_KEY.
  const secretsKey = process.env.SECRETS_KEY || randomBytes(32).toString('hex');
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'production', SECRETS_KEY: secretsKey, WORKER: 'false' });
  const database = await openDatabase(config, logger);
  try {
    const services = createServices(database.dataSource, await webhookDeps(config, database, logger));
    const query = (sql: string, params: unknown[] = []) => database.dataSource.query<Record<string, number>[]>(sql, params);
    const started = Date.now();

    const other = await seedDemo(services, 10);
    const otherCtx = await services.apiKeys.authenticate(other.key, 'bench:compare');
    const otherWorkspaceCampaigns = (await query('SELECT id FROM campaigns WHERE organisation_id = $1 ORDER BY id', [otherCtx.organisationId])).map((row) => row.id);

    const demo = await seedDemo(services, 51);
    const ctx = await services.apiKeys.authenticate(demo.key, 'bench:compare');
    const campaigns = (await query('SELECT id FROM campaigns WHERE organisation_id = $1 ORDER BY id', [ctx.organisationId])).map((row) => row.id);
    const firstOf = async (sql: string, campaignId: number): Promise<number> => (await query(sql, [campaignId]))[0].id;
    const deleted = {
      campaign: campaigns[0],
      phase: await firstOf('SELECT id FROM phases WHERE campaign_id = $1 ORDER BY phase_no LIMIT 1 OFFSET 1', campaigns[1]),
      content: await firstOf('SELECT id FROM contents WHERE campaign_id = $1 ORDER BY id LIMIT 1 OFFSET 2', campaigns[2]),
      distribution: await firstOf('SELECT id FROM distributions WHERE campaign_id = $1 ORDER BY id LIMIT 1 OFFSET 3', campaigns[3]),
      link: await firstOf('SELECT l.id FROM distribution_links l JOIN distributions d ON d.id = l.distribution_id WHERE d.campaign_id = $1 ORDER BY l.id LIMIT 1 OFFSET 4', campaigns[4]),
      media: await firstOf('SELECT m.id FROM distribution_media m JOIN distributions d ON d.id = m.distribution_id WHERE d.campaign_id = $1 ORDER BY m.id LIMIT 1 OFFSET 5', campaigns[5]),
    };
    await services.campaigns.delete(ctx, deleted.campaign);
    await services.phases.delete(ctx, deleted.phase);
    await services.contents.delete(ctx, deleted.content);
    await services.distributions.delete(ctx, deleted.distribution);
    await query('UPDATE distribution_links SET deleted_at = now() WHERE id = $1', [deleted.link]);
    await query('UPDATE distribution_media SET deleted_at = now() WHERE id = $1', [deleted.media]);

    // Planner statistics as a long-running database has them (autovacuum would get there in its own time).
    await query('ANALYZE');
    for (const statement of postgraphileViewsDdl()) await query(statement);

    const live = await counts(query, ctx.organisationId);
    const summary =
      `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: another workspace (10 campaigns), then the measured one with 51 campaigns; ` +
      `after the soft deletes it has ${live.campaigns} campaigns, ${live.phases} phases, ${live.contents} contents, ${live.distributions} distributions, ` +
      `${live.links} links, ${live.media} media files live`;
    return { key: demo.key, secretsKey, deleted, otherWorkspaceCampaigns, live, summary };
  } finally {
    await database.close();
  }
}
