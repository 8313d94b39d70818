import http from 'node:http';
import { requiredEnv } from '../compare/child-runtime';
import { ENV_SOAK_CLIENTS, ENV_SOAK_KEY, ENV_SOAK_URL, ENV_SOAK_VALUES, type LoadReady, type PhaseOrder, type PhaseReport } from './protocol';

/**
 * The load of bench/soak.ts, in a process of its own (so that the server's CPU and heap are its
 * own): SOAK_CLIENTS clients, each sending one request after the other, in a fixed rotation of
 * REST and GraphQL reads and writes. One GraphQL mutation carries the new campaign title written
 * into its text (SOAK_VALUES=inline, as clients that build query strings do: every text new) or as
 * a variable (SOAK_VALUES=variable: one text).
 */
const base = new URL(requiredEnv(ENV_SOAK_URL));
const key = requiredEnv(ENV_SOAK_KEY);
const inline = requiredEnv(ENV_SOAK_VALUES) === 'inline';
const clients = Number(process.env[ENV_SOAK_CLIENTS] ?? 6);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

interface Answer {
  status: number;
  body: string;
}

function send(method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: base.hostname, port: base.port, method, path, headers: { 'x-api-key': key, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const graphql = (query: string, variables?: Record<string, unknown>): Promise<Answer> => send('POST', '/graphql', { query, variables });

interface Ids {
  campaigns: string[];
  phases: string[];
  restPhases: number[];
}

/** The body of a 2xx answer, parsed; anything else ends the run. */
async function parsed<T>(answer: Promise<Answer>): Promise<T> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300 || body.startsWith('{"errors"')) throw new Error(`reading the ids: ${status} ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}

async function readIds(): Promise<Ids> {
  const gql = await parsed<{ data: { campaigns: { nodes: { id: string; phases: { id: string }[] }[] } } }>(graphql('{ campaigns(first: 20) { nodes { id phases { id } } } }'));
  const rest = await parsed<{ data: { phases: { data: { id: number }[] } } }>(send('GET', '/v2/phases?per_page=20'));
  return {
    campaigns: gql.data.campaigns.nodes.map((campaign) => campaign.id),
    phases: gql.data.campaigns.nodes.flatMap((campaign) => campaign.phases.map((phase) => phase.id)),
    restPhases: rest.data.phases.data.map((phase) => phase.id),
  };
}

const CAMPAIGNS_QUERY = 'query Campaigns($first: Int!) { campaigns(first: $first) { nodes { id campaignTitle phases { id phaseTitle } } } }';
const PHASE_QUERY = 'query Phase($id: ID!) { phase(id: $id) { id phaseTitle campaign { id campaignTitle } } }';
const PHASE_UPDATE = 'mutation PhaseUpdate($id: ID!, $title: String!) { phaseUpdate(id: $id, input: { phaseTitle: $title }) { phase { id phaseTitle } userErrors { code } } }';
const CAMPAIGN_UPDATE = 'mutation CampaignUpdate($id: ID!, $title: String!) { campaignUpdate(id: $id, input: { campaignTitle: $title }) { campaign { id campaignTitle } userErrors { code } } }';
const inlineCampaignUpdate = (id: string, title: string): string => `mutation { campaignUpdate(id: ${JSON.stringify(id)}, input: { campaignTitle: ${JSON.stringify(title)} }) { campaign { id campaignTitle } userErrors { code } } }`;

/** One client's rotation: 10 requests, 3 REST (2 reads, 1 write) and 7 GraphQL (4 queries, 3 mutations, one of them the inline one). */
function rotation(ids: Ids, n: number): (() => Promise<Answer>)[] {
  const pick = <T>(list: T[]): T => list[n % list.length];
  const title = `Soak ${n}`;
  return [
    () => send('GET', '/v2/campaigns?per_page=20'),
    () => graphql(CAMPAIGNS_QUERY, { first: 20 }),
    () => graphql(PHASE_QUERY, { id: pick(ids.phases) }),
    () => send('PUT', `/v2/phases/${pick(ids.restPhases)}`, { phase_title: title }),
    () => graphql(inline ? inlineCampaignUpdate(pick(ids.campaigns), title) : CAMPAIGN_UPDATE, inline ? undefined : { id: pick(ids.campaigns), title }),
    () => graphql(CAMPAIGNS_QUERY, { first: 10 }),
    () => send('GET', `/v2/phases?per_page=20`),
    () => graphql(PHASE_UPDATE, { id: pick(ids.phases), title }),
    () => graphql(PHASE_QUERY, { id: pick(ids.phases) }),
    () => graphql(CAMPAIGNS_QUERY, { first: 5 }),
  ];
}

const failed = (answer: Answer): boolean => answer.status < 200 || answer.status >= 300 || answer.body.startsWith('{"errors"') || answer.body.includes('"userErrors":[{');

let counter = 0;

async function phase(ids: Ids, seconds: number): Promise<PhaseReport> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async (): Promise<void> => {
    while (performance.now() < end) {
      for (const request of rotation(ids, (counter += 1))) {
        const at = performance.now();
        try {
          if (failed(await request())) failures += 1;
        } catch {
          failures += 1;
        }
        latencies.push(performance.now() - at);
        if (performance.now() >= end) break;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { type: 'phase', requests: latencies.length, failures, p50Ms: at(0.5), p99Ms: at(0.99), seconds: elapsed };
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('bench/soak/load.js is forked by bench/soak.js');
  const ids = await readIds();
  process.on('message', (order: PhaseOrder) => {
    if (order.type === 'phase') void phase(ids, order.seconds).then((report) => process.send?.(report));
  });
  process.on('disconnect', () => process.exit(0));
  const ready: LoadReady = { type: 'ready' };
  process.send(ready);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
