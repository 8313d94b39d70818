import { spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Environment for a child process: the caller's, minus database settings unless given. */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...extra };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

/** Runs the compiled admin CLI (built by `npm test`'s pretest step) and collects its output. */
export function runAdmin(args: string[], env: Record<string, string | undefined>): Promise<ProcessResult> {
  return run(process.execPath, [path.join(ROOT, 'dist', 'src', 'cli', 'admin.js'), ...args], env);
}

export function run(command: string, args: string[], env: Record<string, string | undefined>): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
