import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The checkout's root, from dist/bench/… (compiled) or bench/… (ts). */
function root(): string {
  let dir = __dirname;
  while (path.basename(dir) !== 'bench') dir = path.dirname(dir);
  const parent = path.dirname(dir);
  return path.basename(parent) === 'dist' ? path.dirname(parent) : parent;
}

/**
 * The Node flags `npm start` runs the server with: those package.json's start script gives `node`
 * before the launcher, the one place they are written (docs/deployment.md says why). The benches
 * start the project's server processes with them, so that what they measure is the process as it
 * runs in production; BENCH_PROJECT_NODE_FLAGS adds to them (a later flag wins).
 */
export function serverNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root(), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const match = /^node((?:\s+--\S+)*)\s+scripts\/run-built\.mjs\s/.exec(scripts.start);
  if (!match) throw new Error(`package.json's start script no longer reads "node [flags] scripts/run-built.mjs …": ${scripts.start}`);
  return match[1].split(/\s+/).filter(Boolean);
}
