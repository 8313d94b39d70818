import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (field 3 onwards); undefined when the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time of a process so far (user + system, all its threads), in ms; with `reapedChildren`, its waited-for children's too. */
export function processCpuMs(pid: number, reapedChildren = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime, stime, cutime, cstime: the 14th to 17th fields.
  const ticks = Number(fields[11]) + Number(fields[12]) + (reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The parent of a process, if it runs. */
export function parentPid(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : undefined;
}

function command(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * The postmaster of a backend whose pid PostgreSQL gave (pg_backend_pid()), when that server runs
 * on this machine: the pid names a `postgres` process whose parent is one too. Undefined otherwise.
 */
export function localPostmaster(backendPid: number): number | undefined {
  if (command(backendPid) !== 'postgres') return undefined;
  const parent = parentPid(backendPid);
  return parent !== undefined && command(parent) === 'postgres' ? parent : undefined;
}

/**
 * The process listening on a loopback TCP port of this machine (PgBouncer's, Redis's: their
 * launchers do not say), found as `ss -lp` finds it: the socket's inode in /proc/net/tcp, then the
 * process holding it among /proc/<pid>/fd. Undefined when none is found.
 */
export function listenerPid(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inode = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    // local_address 0100007F:<port>, state 0A (LISTEN), inode the 10th column.
    .find((columns) => columns[1] === `0100007F:${hexPort}` && columns[3] === '0A')?.[9];
  if (!inode) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === `socket:[${inode}]`) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL's CPU so far, in ms: the postmaster, its live children (backends, background
 * workers, WAL writer, checkpointer…) and the children it has reaped (backends that ended).
 */
export function postgresCpuMs(postmasterPid: number): number {
  let total = processCpuMs(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (parentPid(pid) === postmasterPid) total += processCpuMs(pid);
  }
  return total;
}

/** The machine's CPU time so far, all cores, in ms: busy and total (/proc/stat's first line). */
function machineMs(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal; guest time is counted in user already.
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: (busy * 1000) / CLOCK_TICKS, total: ((busy + idle + iowait) * 1000) / CLOCK_TICKS };
}

/** Cores used on average over a window, by part of the deployment; `rest` is whatever else ran on the machine. */
export interface CpuShares {
  api: number;
  workers: number;
  /** NaN when PostgreSQL runs elsewhere (a DATABASE_URL server on another machine). */
  postgres: number;
  /** NaN when its process was not found. */
  pgbouncer: number;
  redis: number;
  /** This process: the load generator's thread and the webhook receiver. */
  bench: number;
  rest: number;
  machine: number;
  cores: number;
}

interface Reading {
  api: number;
  workers: number;
  postgres: number;
  pgbouncer: number;
  redis: number;
  bench: number;
  machine: { busy: number; total: number };
}

/** Reads every part's CPU at the start of a window and again at its end. */
export class CpuMeter {
  private before: Reading | undefined;

  constructor(
    private readonly parts: { api: () => number; workers: () => number; postmasterPid: number | undefined; pgbouncerPid: number | undefined; redisPid: number | undefined },
  ) {}

  private read(): Reading {
    const bench = process.cpuUsage();
    return {
      api: this.parts.api(),
      workers: this.parts.workers(),
      postgres: this.parts.postmasterPid === undefined ? Number.NaN : postgresCpuMs(this.parts.postmasterPid),
      pgbouncer: this.parts.pgbouncerPid === undefined ? Number.NaN : processCpuMs(this.parts.pgbouncerPid),
      redis: this.parts.redisPid === undefined ? Number.NaN : processCpuMs(this.parts.redisPid),
      bench: (bench.user + bench.system) / 1000,
      machine: machineMs(),
    };
  }

  start(): void {
    this.before = this.read();
  }

  /** Cores used by each part since start(), and the API nodes' CPU ms in all. */
  stop(): { shares: CpuShares; apiMs: number } {
    const before = this.before!;
    const after = this.read();
    const cores = os.cpus().length;
    // The machine's total time is wall time × cores: per core, it is the window's length.
    const wallMs = (after.machine.total - before.machine.total) / cores;
    const parts = ['api', 'workers', 'postgres', 'pgbouncer', 'redis', 'bench'] as const;
    const share = (key: (typeof parts)[number]): number => (after[key] - before[key]) / wallMs;
    const machine = (after.machine.busy - before.machine.busy) / wallMs;
    const shares: CpuShares = { api: share('api'), workers: share('workers'), postgres: share('postgres'), pgbouncer: share('pgbouncer'), redis: share('redis'), bench: share('bench'), machine, rest: 0, cores };
    shares.rest = machine - parts.reduce((sum, key) => sum + (Number.isNaN(shares[key]) ? 0 : shares[key]), 0);
    return { shares, apiMs: after.api - before.api };
  }
}
