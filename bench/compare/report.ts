import { ANCHORS, type Cell, type Target, type TargetLabel } from './targets';

/** One timed run of one server process. */
export interface Run {
  rps: number;
  p50: number;
  p99: number;
  peakRssKiB: number;
  errors: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function ratio(a: number, b: number): string {
  if (b === 0) return 'n/a';
  const r = a / b;
  return r >= 0.1 ? r.toFixed(2) : r.toFixed(3);
}

function rate(value: number): string {
  return fmt(value, value < 20 ? 1 : 0);
}

export function runLine(round: number, rounds: number, cell: Cell, target: Target, run: Run): string {
  return (
    `  round ${round + 1}/${rounds} · ${cell.scenario} · ${cell.connections} conn · ${target.label}: ${fmt(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
    `peak RSS ${fmt(run.peakRssKiB / 1024)} MiB${run.errors ? `, ${run.errors} errors` : ''}\n`
  );
}

/** The figures table (medians of the rounds), then the project's ratios to each anchor. */
export function resultTables(cells: Cell[], runs: Map<Target, Run[]>, statements: Map<Target, number>): string {
  let out = '| scenario | connections | server | requests/s (rounds) | p50 ms | p99 ms | peak RSS MiB | SQL statements / request | errors |\n|---|---|---|---|---|---|---|---|---|\n';
  const summary = new Map<Target, { rps: number; p50: number }>();
  for (const cell of cells) {
    for (const target of cell.targets) {
      const list = runs.get(target) ?? [];
      const rps = median(list.map((run) => run.rps));
      const p50 = median(list.map((run) => run.p50));
      const p99 = median(list.map((run) => run.p99));
      summary.set(target, { rps, p50 });
      const peak = Math.max(...list.map((run) => run.peakRssKiB));
      const errors = list.reduce((sum, run) => sum + run.errors, 0);
      out += `| ${cell.scenario} | ${cell.connections} | ${target.label} | ${rate(rps)} (${list.map((run) => rate(run.rps)).join(', ')}) | ${fmt(p50)} | ${fmt(p99)} | ${fmt(peak / 1024)} | ${statements.get(target)} | ${errors} |\n`;
    }
  }

  const of = (cell: Cell, label: TargetLabel) => {
    const target = cell.targets.find((t) => t.label === label);
    return target ? summary.get(target) : undefined;
  };
  for (const [measure, key] of [
    ['requests/s', 'rps'],
    ['p50', 'p50'],
  ] as const) {
    out += `\n| scenario | connections | ${ANCHORS.map((anchor) => `${measure}: project ÷ ${anchor}`).join(' | ')} |\n|---|---|${ANCHORS.map(() => '---|').join('')}\n`;
    for (const cell of cells) {
      const project = of(cell, 'project')!;
      const ratios = ANCHORS.map((anchor) => {
        const figures = of(cell, anchor);
        return figures ? ratio(project[key], figures[key]) : '—';
      });
      out += `| ${cell.scenario} | ${cell.connections} | ${ratios.join(' | ')} |\n`;
    }
  }
  return out;
}
