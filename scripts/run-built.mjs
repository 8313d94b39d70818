// Runs a compiled entry point (`node scripts/run-built.mjs dist/src/main.js [args…]`), compiling
// first only when dist/ is missing or was built from other sources, and only when TypeScript is
// installed. In a production install (npm ci --omit=dev) with a current dist/ it just runs.
// Plain JavaScript so that it needs no compiling itself.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { build, canBuild, readStamp, ROOT, sourceFingerprint } from './build-state.mjs';

function fail(message, code = 1) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * The dependencies (pg-boss, commander, ruru) need Node 22.12 at least and the project is built
 * and tested on 24: an older Node would fail later and less clearly. npm scripts of a full install
 * get Node 24 from the `node` devDependency; a production install uses the host's.
 */
async function checkNodeVersion() {
  const { engines } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const minimum = Number(/^>=\s*(\d+)/.exec(engines?.node ?? '')?.[1] ?? 0);
  const major = Number(process.versions.node.split('.')[0]);
  if (major < minimum) {
    fail(
      `campaign-partner-api needs Node ${minimum} or later (package.json engines); ${process.execPath} is Node ${process.version}. ` +
        'A full install (npm install) brings Node 24 in as a devDependency; a production install needs it on the host.',
    );
  }
}

async function ensureBuilt(entry, target) {
  const fingerprint = await sourceFingerprint();
  const built = existsSync(target);
  // No sources (dist/ shipped alone): the build is all there is.
  if (built && (fingerprint === undefined || fingerprint === (await readStamp()))) return;
  if (!canBuild()) {
    if (!built) fail(`${entry} is not built and TypeScript is not installed: run \`npm run build\` in a full install (npm ci) before \`npm ci --omit=dev\`.`);
    process.stderr.write('Warning: dist/ was not built from these sources and TypeScript is not installed (production install): running it as it is.\n');
    return;
  }
  process.stderr.write(built ? 'The sources changed since the last build: compiling…\n' : 'No build yet: compiling…\n');
  // tsc's diagnostics go to stderr: the admin CLI's stdout must hold its JSON lines only.
  const code = await build({ stdout: 2, clean: !built });
  if (code !== 0) fail('The build failed (see above): not running an outdated build.', code);
  if (!existsSync(target)) fail(`${entry} is not among the build's outputs.`);
}

const [entry, ...args] = process.argv.slice(2);
if (!entry) fail('usage: node scripts/run-built.mjs <dist/…/entry.js> [arguments…]', 2);
await checkNodeVersion();
const target = path.resolve(ROOT, entry);
await ensureBuilt(entry, target);
// Run it in this process, as if started as `node <entry> <args…>`: signals from a process manager
// reach the program itself, and its exit status is the launcher's.
process.argv = [process.argv[0], target, ...args];
await import(pathToFileURL(target).href);
