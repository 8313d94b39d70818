import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, run } from '../support/processes';

/**
 * scripts/run-built.mjs, the launcher behind npm start, worker, admin and the migration scripts.
 * Most cases run a copy of scripts/ in a scratch project with no TypeScript installed: a
 * production install, where nothing can be compiled.
 */
let project: string;

async function scratchProject({ engines = '>=24', built = true, stamp }: { engines?: string; built?: boolean; stamp?: 'current' | 'stale' }): Promise<string> {
  const dir = await mkdtemp(path.join(project, 'p-'));
  await cp(path.join(ROOT, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'scratch', engines: { node: engines } }));
  await mkdir(path.join(dir, 'src'));
  await writeFile(path.join(dir, 'src', 'entry.ts'), 'export {};\n');
  if (built) {
    await mkdir(path.join(dir, 'dist'));
    // Echoes its arguments and exits 3: the launcher must pass both through.
    await writeFile(path.join(dir, 'dist', 'entry.js'), 'process.stdout.write(JSON.stringify(process.argv.slice(2)));\nprocess.exitCode = 3;\n');
  }
  if (stamp) {
    const fingerprint = await run(process.execPath, ['--input-type=module', '-e', `console.log(await (await import(${JSON.stringify(path.join(dir, 'scripts', 'build-state.mjs'))})).sourceFingerprint())`], {});
    await writeFile(path.join(dir, 'dist', '.build-stamp'), stamp === 'current' ? fingerprint.stdout : 'an older build\n');
  }
  return dir;
}

function launch(dir: string, args: string[]) {
  return run(process.execPath, [path.join(dir, 'scripts', 'run-built.mjs'), ...args], {});
}

beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'cpa-run-built-'));
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('scripts/run-built.mjs', () => {
  it('runs a current build as it is, in its own process, with its arguments and exit status', async () => {
    const dir = await scratchProject({ stamp: 'current' });
    const result = await launch(dir, ['dist/entry.js', '--flag', 'value']);
    expect(result).toEqual({ code: 3, stdout: '["--flag","value"]', stderr: '' });
  });

  it('runs an outdated build with a warning when TypeScript is not installed (a production install)', async () => {
    const dir = await scratchProject({ stamp: 'stale' });
    const result = await launch(dir, ['dist/entry.js']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('[]');
    expect(result.stderr).toMatch(/^Warning: dist\/ was not built from these sources and TypeScript is not installed/);
  });

  it('refuses, exit status 1, when there is no build and nothing to build it with', async () => {
    const dir = await scratchProject({ built: false });
    const result = await launch(dir, ['dist/entry.js']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('dist/entry.js is not built and TypeScript is not installed: run `npm run build` in a full install');
  });

  it('refuses a Node older than package.json engines, naming both versions', async () => {
    const dir = await scratchProject({ engines: '>=99', stamp: 'current' });
    const result = await launch(dir, ['dist/entry.js']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`needs Node 99 or later (package.json engines); ${process.execPath} is Node ${process.version}`);
  });

  it('runs the project build that `npm test` made without compiling again', async () => {
    const result = await run(process.execPath, [path.join(ROOT, 'scripts', 'run-built.mjs'), 'dist/src/cli/admin.js', '--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: admin');
    expect(result.stderr).toBe('');
  });
});
