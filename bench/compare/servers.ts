import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverNodeFlags } from '../server-node-flags';
import type { ControlMessage, ServerMessage } from './protocol';

/** A server running in a child process of its own, on this Node (process.execPath). */
export class ServerProcess {
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Forks `file` (a compiled server of bench/compare, or the path of another build's: bench:cpu)
   * and waits until it listens.
   */
  static async start(name: string, file: string, env: Record<string, string>): Promise<ServerProcess> {
    const child = fork(path.resolve(__dirname, file), [], {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      // The project's process runs with npm start's flags, plus BENCH_PROJECT_NODE_FLAGS (tuning trials); the anchors with Node's defaults, as their users run them.
      execArgv: path.basename(file) === 'server-project.js' ? [...serverNodeFlags(), ...(process.env.BENCH_PROJECT_NODE_FLAGS ?? '').split(' ').filter(Boolean)] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${name} exited with ${code} before it was ready`));
      child.once('exit', onExit);
      child.once('message', (message: ServerMessage) => {
        child.off('exit', onExit);
        if (message.type === 'ready') resolve(message.port);
        else if (message.type === 'failed') reject(new Error(`${name} failed to start:\n${message.error}`));
        else reject(new Error(`${name}: unexpected message ${JSON.stringify(message)}`));
      });
    });
    return new ServerProcess(name, child, port);
  }

  /** Statements the server's pg clients have sent since it started. */
  statements(): Promise<number> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (message.type !== 'statements') return;
        this.child.off('message', onMessage);
        resolve(message.count);
      };
      this.child.on('message', onMessage);
      const control: ControlMessage = { type: 'statements' };
      if (!this.child.send(control)) reject(new Error(`${this.name} is gone`));
    });
  }

  /** Resident set size now, in KiB (VmRSS of /proc/<pid>/status). */
  rssKiB(): number {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  }

  /** Waits until the server has sent no statement for `quietMs` (requests a run left in flight are done). */
  async settle(quietMs = 750, limitMs = 30_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    let last = await this.statements();
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = await this.statements();
      if (now !== last) {
        last = now;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietMs) {
        return;
      }
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    const control: ControlMessage = { type: 'stop' };
    this.child.send(control);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
