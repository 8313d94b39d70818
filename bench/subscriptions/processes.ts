import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildMessage, LoadRequest, ParentMessage, ServerRequest } from './protocol';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** A child of bench:subscriptions (a server or the load generator), on this Node (process.execPath). */
export class Child {
  private seq = 0;
  private readonly pending = new Map<number, { resolve(body: unknown): void; reject(error: Error): void }>();

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly port: number | undefined,
  ) {
    child.on('message', (message: ChildMessage) => {
      if (message.type !== 'reply') return;
      const waiting = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      if (message.error) waiting?.reject(new Error(`${name}: ${message.error}`));
      else waiting?.resolve(message.body);
    });
    child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`${name} exited with ${code}`));
      this.pending.clear();
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Forks `file` (a compiled file of bench/subscriptions) and waits until it is ready. IPC by structured clone: typed arrays pass as they are. */
  static async start(name: string, file: string, env: Record<string, string>, execArgv: string[] = []): Promise<Child> {
    const child = fork(path.join(__dirname, file), [], { env: { ...process.env, ...env, NODE_ENV: 'production' }, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    const port = await new Promise<number | undefined>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${name} exited with ${code} before it was ready`));
      child.once('exit', onExit);
      child.once('message', (message: ChildMessage) => {
        child.off('exit', onExit);
        if (message.type === 'ready') resolve(message.port);
        else if (message.type === 'failed') reject(new Error(`${name} failed to start:\n${message.error}`));
        else reject(new Error(`${name}: unexpected message ${JSON.stringify(message)}`));
      });
    });
    return new Child(name, child, port);
  }

  request<T>(body: ServerRequest | LoadRequest): Promise<T> {
    const seq = (this.seq += 1);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(seq, { resolve: resolve as (body: unknown) => void, reject });
      const message: ParentMessage = { type: 'request', seq, body };
      if (!this.child.send(message)) reject(new Error(`${this.name} is gone`));
    });
  }

  /** Resident set size now, in KiB (VmRSS of /proc/<pid>/status). */
  rssKiB(): number {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  }

  /** CPU time the process has used so far (user + system, all its threads), in ms. */
  cpuMs(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  }

  /** Write system calls the process has made so far (write, writev…: `syscw` of /proc/<pid>/io). */
  writeSyscalls(): number {
    const match = /^syscw:\s+(\d+)/m.exec(readFileSync(`/proc/${this.pid}/io`, 'utf8'));
    return match ? Number(match[1]) : Number.NaN;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    const message: ParentMessage = { type: 'stop' };
    this.child.send(message);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
}
