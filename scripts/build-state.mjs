// Whether dist/ is the build of the sources as they are, and how to make it so. Plain JavaScript on
// purpose: it must run before anything is compiled, and in a production install without TypeScript.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
/** Written after a successful build: the fingerprint of the sources that build was made from. */
const STAMP = path.join(DIST, '.build-stamp');
const TSCONFIG = 'tsconfig.build.json';
/** What tsconfig.build.json compiles, and the settings that shape its output. */
const SOURCES = ['src', 'ormconfig.ts', 'tsconfig.json', TSCONFIG];
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

async function listFiles(relative) {
  const absolute = path.join(ROOT, relative);
  const entries = await readdir(absolute, { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return undefined;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === undefined) return [relative];
  const nested = await Promise.all(entries.map((entry) => listFiles(path.join(relative, entry.name))));
  return nested.flat();
}

/**
 * A hash of every source's path and content. Content, not modification times: a clone or a
 * checkout sets times arbitrarily, and a hash of ~200 files costs a few milliseconds.
 * Undefined when the sources are not there (a deployment that ships dist/ alone).
 */
export async function sourceFingerprint() {
  const files = (await Promise.all(SOURCES.map(listFiles))).flat().sort();
  if (!files.some((file) => file.startsWith(`src${path.sep}`))) return undefined;
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export async function readStamp() {
  return (await readFile(STAMP, 'utf8').catch(() => '')).trim() || undefined;
}

/** TypeScript is a development dependency: a production install (npm ci --omit=dev) has none. */
export function canBuild() {
  return existsSync(TSC);
}

/**
 * Copies the files of src/ that tsc does not compile (the explorer page's browser modules under
 * src/http/explorer/assets/) to the same place under dist/: the server finds them beside its
 * compiled code, in dist/ as in src/ (under Jest), so dist/ shipped alone still has them.
 */
export async function copyAssets() {
  const files = (await listFiles('src')).filter((file) => !file.endsWith('.ts'));
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(DIST, file);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(ROOT, file), target);
    }),
  );
}

/**
 * Compiles with tsc (incremental), copies the assets and records the fingerprint taken before
 * compiling, so an edit made while tsc runs leaves the build marked stale. `stdout` is where tsc's diagnostics go: the
 * launcher sends them to stderr so that a CLI's stdout holds only its own output.
 * Resolves to tsc's exit status.
 */
export async function build({ stdout = 'inherit', clean = false } = {}) {
  const fingerprint = await sourceFingerprint();
  await rm(STAMP, { force: true });
  // tsc's incremental state alone does not notice deleted outputs: start over when asked.
  if (clean) await rm(path.join(DIST, '.tsbuildinfo.build'), { force: true });
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, '-p', TSCONFIG], { cwd: ROOT, stdio: ['ignore', stdout, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  if (code === 0) await copyAssets();
  if (code === 0 && fingerprint !== undefined) {
    await mkdir(DIST, { recursive: true });
    await writeFile(STAMP, `${fingerprint}\n`);
  }
  return code;
}
