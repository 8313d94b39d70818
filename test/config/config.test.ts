import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIMITS, MIN_RESPONSE_CAP_BYTES } from '../../src/config/config-defaults';
import { loadConfig } from '../../src/config/config';
import { problemsOf } from '../support/config-problems';

/** The environment read once at start (src/config): defaults, parsing, and every problem reported together. */

describe('loadConfig: the limits', () => {
  it('has the documented defaults when nothing is set', () => {
    const { limits } = loadConfig({});
    expect(limits).toEqual(DEFAULT_LIMITS);
    expect(limits.maxResponseBytes).toBe(32 * 1024 * 1024);
    expect(limits.graphql).toEqual({ maxCost: 2_000_000, maxDepth: 12, maxFields: 500, maxAliases: 50, maxBatch: 10, bucketSize: 50_000_000, restoreRate: 5_000_000 });
  });

  it('reads every GraphQL cost setting', () => {
    const { limits } = loadConfig({
      GRAPHQL_MAX_COST: '5000',
      GRAPHQL_MAX_DEPTH: '6',
      GRAPHQL_MAX_FIELDS: '100',
      GRAPHQL_MAX_ALIASES: '0',
      GRAPHQL_MAX_BATCH: '1',
      GRAPHQL_COST_BUCKET_SIZE: '100000',
      GRAPHQL_COST_RESTORE_RATE: '1000',
      MAX_RESPONSE_BYTES: '0',
    });
    expect(limits.graphql).toEqual({ maxCost: 5000, maxDepth: 6, maxFields: 100, maxAliases: 0, maxBatch: 1, bucketSize: 100_000, restoreRate: 1000 });
    expect(limits.maxResponseBytes).toBe(0);
  });

  it('reads the subscriptions\' limits, and refuses values out of range', () => {
    expect(loadConfig({ SUBSCRIPTIONS_MAX_PER_KEY: '3', SUBSCRIPTIONS_MAX_BUFFERED: '20' }).limits.subscriptions).toEqual({ maxPerKey: 3, maxBuffered: 20 });
    expect(problemsOf({ SUBSCRIPTIONS_MAX_PER_KEY: '0', SUBSCRIPTIONS_MAX_BUFFERED: 'lots' })).toEqual(
      expect.arrayContaining(['SUBSCRIPTIONS_MAX_PER_KEY must be between 1 and 100000', 'SUBSCRIPTIONS_MAX_BUFFERED must be an integer']),
    );
  });

  it('takes MAX_RESPONSE_BYTES from the least allowed up', () => {
    expect(loadConfig({ MAX_RESPONSE_BYTES: String(MIN_RESPONSE_CAP_BYTES) }).limits.maxResponseBytes).toBe(MIN_RESPONSE_CAP_BYTES);
  });

  it('refuses values out of range or not whole numbers, naming each setting, all at once', () => {
    expect(
      problemsOf({
        GRAPHQL_MAX_COST: '0',
        GRAPHQL_MAX_DEPTH: '1',
        GRAPHQL_MAX_FIELDS: 'many',
        GRAPHQL_MAX_ALIASES: '-1',
        GRAPHQL_MAX_BATCH: '101',
        GRAPHQL_COST_BUCKET_SIZE: '1.5',
        GRAPHQL_COST_RESTORE_RATE: '0',
        MAX_RESPONSE_BYTES: String(MIN_RESPONSE_CAP_BYTES - 1),
      }),
    ).toEqual(
      expect.arrayContaining([
        'GRAPHQL_MAX_COST must be between 1 and 1000000000',
        'GRAPHQL_MAX_DEPTH must be between 2 and 100',
        'GRAPHQL_MAX_FIELDS must be an integer',
        'GRAPHQL_MAX_ALIASES must be an integer',
        'GRAPHQL_MAX_BATCH must be between 1 and 100',
        'GRAPHQL_COST_BUCKET_SIZE must be an integer',
        'GRAPHQL_COST_RESTORE_RATE must be between 1 and 1000000000000',
        'MAX_RESPONSE_BYTES must be 0 or between 2097152 and 1073741824',
      ]),
    );
  });
});

describe('docs/limits.md', () => {
  const limitsDoc = readFileSync(path.join(__dirname, '../../docs/limits.md'), 'utf8');
  const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
  /** Each limit setting and its default as the code has it. */
  const settings: [string, number][] = [
    ['RATE_LIMIT_MAX', DEFAULT_LIMITS.rateLimitMax],
    ['RATE_LIMIT_WINDOW_SECONDS', DEFAULT_LIMITS.rateLimitWindowSeconds],
    ['STATEMENT_TIMEOUT_MS', DEFAULT_LIMITS.statementTimeoutMs],
    ['REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs],
    ['MAX_EVENT_LOOP_DELAY_MS', DEFAULT_LIMITS.maxEventLoopDelayMs],
    ['MAX_HEAP_USED_BYTES', DEFAULT_LIMITS.maxHeapUsedBytes],
    ['MAX_RESPONSE_BYTES', DEFAULT_LIMITS.maxResponseBytes],
    ['GRAPHQL_MAX_COST', DEFAULT_LIMITS.graphql.maxCost],
    ['GRAPHQL_MAX_DEPTH', DEFAULT_LIMITS.graphql.maxDepth],
    ['GRAPHQL_MAX_FIELDS', DEFAULT_LIMITS.graphql.maxFields],
    ['GRAPHQL_MAX_ALIASES', DEFAULT_LIMITS.graphql.maxAliases],
    ['GRAPHQL_MAX_BATCH', DEFAULT_LIMITS.graphql.maxBatch],
    ['GRAPHQL_COST_BUCKET_SIZE', DEFAULT_LIMITS.graphql.bucketSize],
    ['GRAPHQL_COST_RESTORE_RATE', DEFAULT_LIMITS.graphql.restoreRate],
    ['SUBSCRIPTIONS_MAX_PER_KEY', DEFAULT_LIMITS.subscriptions.maxPerKey],
    ['SUBSCRIPTIONS_MAX_BUFFERED', DEFAULT_LIMITS.subscriptions.maxBuffered],
  ];

  it('covers every limit setting with a default', () => {
    const { graphql, subscriptions, redisUrl, ...plain } = DEFAULT_LIMITS;
    expect(redisUrl).toBeUndefined();
    expect(settings).toHaveLength(Object.keys(plain).length + Object.keys(graphql).length + Object.keys(subscriptions).length);
  });

  it.each(settings)('names %s, and the README gives its default %d', (name, fallback) => {
    expect(limitsDoc).toContain(`\`${name}\``);
    expect(readme).toContain(`| \`${name}\` | \`${fallback}\` |`);
  });
});
