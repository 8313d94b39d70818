import { POSTGRAPHILE_NESTED_QUERY, postgraphileConditionQuery, PROJECT_NESTED_QUERY } from './answers';
import type { ServerProcess } from './servers';

/** The project and the four anchors it is measured against. */
export type TargetLabel = 'project' | 'PostGraphile' | 'PostGraphile condition' | 'bare SQL' | 'SQL whole answer';

export const ANCHORS: TargetLabel[] = ['PostGraphile', 'PostGraphile condition', 'bare SQL', 'SQL whole answer'];

/**
 * How a server's answers are compared with the project's (bench/compare/checks.ts):
 * - `tree`: the dialect of its nested answer, reduced to one tree of records;
 * - `text`: what its text must be: the project's bytes (both SQL servers write them), or the
 *   project's JSON text once parsed and written again by JSON.stringify.
 */
export const ANSWER_FORM: Record<TargetLabel, { tree: 'project' | 'postgraphile'; text: 'bytes' | 'reserialised' | 'records only' }> = {
  project: { tree: 'project', text: 'bytes' },
  PostGraphile: { tree: 'postgraphile', text: 'records only' },
  'PostGraphile condition': { tree: 'postgraphile', text: 'records only' },
  'bare SQL': { tree: 'project', text: 'bytes' },
  'SQL whole answer': { tree: 'project', text: 'bytes' },
};

export interface TargetSpec {
  label: TargetLabel;
  /** The compiled server of bench/compare that serves it. */
  file: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface ScenarioSpec {
  name: string;
  targets: TargetSpec[];
}

export interface Target extends TargetSpec {
  server: ServerProcess;
}

/**
 * One scenario at one connection count. Each of its targets has a server process of its own, used
 * for nothing else: V8 keeps the heap it grew, so a process shared between scenarios or connection
 * counts would carry one's peak RSS into the other's figure.
 */
export interface Cell {
  scenario: string;
  connections: number;
  targets: Target[];
}

/** BENCH_CONDITION_LEVELS: `every` connection of the PostGraphile condition query takes the workspace (default), or the `root` alone. */
const CONDITION_LEVELS = conditionLevels(process.env.BENCH_CONDITION_LEVELS);

function conditionLevels(value: string | undefined): 'every' | 'root' {
  if (value === undefined || value === '' || value === 'every') return 'every';
  if (value === 'root') return 'root';
  throw new Error(`BENCH_CONDITION_LEVELS must be every or root, not ${value}`);
}

/** The first scenario is the nested query; the others are v2 lists. */
export const SCENARIOS: ScenarioSpec[] = [
  {
    name: 'nested query',
    targets: [
      { label: 'project', file: 'server-project.js', method: 'POST', path: '/graphql', body: JSON.stringify({ query: PROJECT_NESTED_QUERY }) },
      { label: 'PostGraphile', file: 'server-postgraphile.js', method: 'POST', path: '/graphql', body: JSON.stringify({ query: POSTGRAPHILE_NESTED_QUERY }) },
      {
        label: 'PostGraphile condition',
        file: 'server-postgraphile-condition.js',
        method: 'POST',
        path: '/graphql',
        body: JSON.stringify({ query: postgraphileConditionQuery(CONDITION_LEVELS) }),
      },
      { label: 'bare SQL', file: 'server-bare.js', method: 'GET', path: '/nested' },
      { label: 'SQL whole answer', file: 'server-sql-whole-answer.js', method: 'GET', path: '/nested' },
    ],
  },
  ...['/v2/campaigns?per_page=100', '/v2/contents?per_page=100'].map(
    (path): ScenarioSpec => ({
      name: `GET ${path}`,
      targets: [
        { label: 'project', file: 'server-project.js', method: 'GET', path },
        { label: 'bare SQL', file: 'server-bare.js', method: 'GET', path },
        { label: 'SQL whole answer', file: 'server-sql-whole-answer.js', method: 'GET', path },
      ],
    }),
  ),
];
