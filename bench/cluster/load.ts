import autocannon from 'autocannon';

/** Five campaigns with their 15 phases, 60 contents and 120 distributions: a dashboard's read. */
export const NESTED_READ = `{ campaigns(first: 5) { nodes { id campaignTitle phases { id phaseTitle contents { nodes { id contentName distributions { id status } } } } } } }`;

/**
 * The mix every connection cycles through, one after the other: a nested GraphQL read, a REST
 * list read and a REST write that commits one `advertiser_account_created` event (delivered by
 * the workers to the bench's receiver).
 */
export const MIX = [
  { label: 'GraphQL nested read (5 campaigns → 15 phases → 60 contents → 120 distributions)', method: 'POST', path: '/graphql', body: JSON.stringify({ query: NESTED_READ }) },
  { label: 'GET /v2/campaigns (15 per page)', method: 'GET', path: '/v2/campaigns' },
  { label: 'POST /v2/advertiser-accounts (one event each)', method: 'POST', path: '/v2/advertiser-accounts', body: JSON.stringify({ name: 'Cluster bench account' }) },
] as const;

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Answers by status code, when any was not 2xx. */
  statuses: Record<string, number>;
}

/**
 * `connections` keep-alive connections for `seconds`, dealt round-robin over `urls` (autocannon's
 * own split), from one worker thread: the bench's event loop stays free for the webhook receiver.
 */
export async function runLoad(urls: string[], key: string, connections: number, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    // autocannon takes several URLs and deals the connections over them; its types say one string.
    url: (urls.length === 1 ? urls[0] : urls) as unknown as string,
    connections,
    duration: seconds,
    workers: 1,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    requests: MIX.map(({ method, path, ...rest }) => ({ method, path, ...('body' in rest ? { body: rest.body } : {}) })),
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]));
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}
