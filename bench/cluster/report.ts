import { fmt, median } from '../subscriptions/stats';
import type { CpuShares } from './machine';
import type { RoundResult } from './round';

const PREFIX = 'campaign-partner-api/';

function directSessions(direct: Map<string, number>): string {
  const parts = [...direct].sort(([a], [b]) => a.localeCompare(b)).map(([name, count]) => `${name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name} ${count}`);
  const total = [...direct.values()].reduce((sum, count) => sum + count, 0);
  return parts.length === 0 ? '0' : `${total} (${parts.join(', ')})`;
}

/** Cores used by each part, e.g. `API 0.49, workers 0.21, PostgreSQL 0.53, PgBouncer 0.10, Redis 0.05, bench 0.09, rest 0.52 = 1.99 of 2`. */
function cores(cpu: CpuShares): string {
  const parts = [
    ['API', cpu.api],
    ['workers', cpu.workers],
    ['PostgreSQL', cpu.postgres],
    ['PgBouncer', cpu.pgbouncer],
    ['Redis', cpu.redis],
    ['bench', cpu.bench],
    ['rest', cpu.rest],
  ] as const;
  return `${parts.filter(([, value]) => !Number.isNaN(value)).map(([name, value]) => `${name} ${fmt(value, 2)}`).join(', ')} = ${fmt(cpu.machine, 2)} of ${cpu.cores}`;
}

function failures(result: RoundResult): string {
  const { errors, non2xx, statuses } = result.load;
  if (errors + non2xx === 0) return '0';
  const refused = Object.entries(statuses).filter(([code]) => !code.startsWith('2')).map(([code, count]) => `${count} × ${code}`);
  return `${fmt(errors + non2xx)} (${[...(errors > 0 ? [`${errors} errors/timeouts`] : []), ...refused].join(', ')})`;
}

export function roundLine(r: RoundResult): string {
  const c = r.connections;
  return (
    `  round ${r.round} · ${r.nodes} API node${r.nodes > 1 ? 's' : ''}: ${fmt(r.load.requestsPerSecond)} requests/s, p50 ${fmt(r.load.p50)} ms, p99 ${fmt(r.load.p99)} ms, ` +
    `errors + non-2xx ${failures(r)}; ${fmt(r.events)} events delivered, commit to receipt p50 ${fmt(r.delivery.p50, 1)} ms, p99 ${fmt(r.delivery.p99, 1)} ms, max ${fmt(r.delivery.max)} ms, ` +
    `last ${fmt(r.drainMs)} ms after the load; PgBouncer: ${c.serverConnections} server connections (${c.serversInUse} in a transaction at once), ${c.clients} clients (${c.clientsWaiting} waiting); ` +
    `direct sessions ${directSessions(c.direct)}; PostgreSQL sessions ${c.postgresSessions} (peaks of ${c.samples} samples); ` +
    `cores used: ${cores(r.cpu)} (API ${fmt(r.apiCpuMsPerRequest, 2)} ms of CPU per request)\n`
  );
}

export function roundsTable(results: RoundResult[]): string {
  const header =
    '| round | API nodes | requests/s | p50 ms | p99 ms | errors + non-2xx | events delivered | commit → receipt p50 ms | p99 ms | ' +
    'PgBouncer server connections (in a transaction) | clients waiting | direct sessions (by application_name) | PostgreSQL sessions | cores used | API CPU ms / request |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n';
  return (
    header +
    results
      .map((r) => {
        const c = r.connections;
        return (
          `| ${r.round} | ${r.nodes} | ${fmt(r.load.requestsPerSecond)} | ${fmt(r.load.p50)} | ${fmt(r.load.p99)} | ${failures(r)} | ${fmt(r.events)} | ${fmt(r.delivery.p50, 1)} | ${fmt(r.delivery.p99, 1)} | ` +
          `${c.serverConnections} (${c.serversInUse}) | ${c.clientsWaiting} | ${directSessions(c.direct)} | ${c.postgresSessions} | ${cores(r.cpu)} | ${fmt(r.apiCpuMsPerRequest, 2)} |`
        );
      })
      .join('\n') +
    '\n'
  );
}

interface Summary {
  rate: number;
  p50: number;
  p99: number;
  deliveryP50: number;
  deliveryP99: number;
  servers: number;
  sessions: number;
  cpuPerRequest: number;
  apiCores: number;
  postgresCores: number;
  machineCores: number;
}

function summarise(results: RoundResult[]): Summary {
  const m = (pick: (r: RoundResult) => number): number => median(results.map(pick));
  return {
    rate: m((r) => r.load.requestsPerSecond),
    p50: m((r) => r.load.p50),
    p99: m((r) => r.load.p99),
    deliveryP50: m((r) => r.delivery.p50),
    deliveryP99: m((r) => r.delivery.p99),
    servers: m((r) => r.connections.serverConnections),
    sessions: m((r) => r.connections.postgresSessions),
    cpuPerRequest: m((r) => r.apiCpuMsPerRequest),
    apiCores: m((r) => r.cpu.api),
    postgresCores: m((r) => r.cpu.postgres),
    machineCores: m((r) => r.cpu.machine),
  };
}

/** Medians per topology and the 2-node ÷ 1-node ratio of each. */
export function summaryTable(results: RoundResult[]): string {
  const one = summarise(results.filter((r) => r.nodes === 1));
  const two = summarise(results.filter((r) => r.nodes === 2));
  const rounds = results.filter((r) => r.nodes === 1).length;
  const row = (label: string, s: Summary, digits = 0): string =>
    `| ${label} | ${fmt(s.rate, digits)} | ${fmt(s.p50, digits)} | ${fmt(s.p99, digits)} | ${fmt(s.deliveryP50, digits || 1)} | ${fmt(s.deliveryP99, digits || 1)} | ` +
    `${fmt(s.servers, digits)} | ${fmt(s.sessions, digits)} | ${fmt(s.cpuPerRequest, 2)} | ${fmt(s.apiCores, 2)} | ${fmt(s.postgresCores, 2)} | ${fmt(s.machineCores, 2)} |`;
  const ratio = (key: keyof Summary): number => two[key] / one[key];
  const ratios = Object.fromEntries((Object.keys(one) as (keyof Summary)[]).map((key) => [key, ratio(key)])) as unknown as Summary;
  return (
    `| API nodes (median of ${rounds}) | requests/s | p50 ms | p99 ms | commit → receipt p50 ms | p99 ms | PgBouncer server connections | PostgreSQL sessions | API CPU ms / request | API cores | PostgreSQL cores | machine cores busy |\n` +
    '|---|---|---|---|---|---|---|---|---|---|---|---|\n' +
    `${row('1', one)}\n${row('2', two)}\n${row('2 ÷ 1', ratios, 2)}\n`
  );
}
