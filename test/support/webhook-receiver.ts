import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';

/** One request as a receiver saw it. */
export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: number; type: string; created_at: string; organization_code: string; data: Record<string, unknown> };
  receivedAt: number;
}

/** How the receiver answers one request: a status (and headers, body), or a delay first. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Holds the answer until this settles: the request stays open as long as the test wants. */
  heldUntil?: Promise<unknown>;
}

export type Responder = (request: ReceivedRequest, index: number) => Answer;

/**
 * A real HTTP receiver on loopback, as a partner runs one: it records every request and answers
 * as told (200 by default). Tests verify signatures with the `standardwebhooks` package.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Requests whose signature verified with none of the secrets given to `verifyWith`. */
  readonly badSignatures: ReceivedRequest[] = [];
  private readonly secrets: string[] = [];
  respond: Responder = () => ({ status: 200, body: '{"received":true}' });
  private server: http.Server;
  private waiters: (() => void)[] = [];
  port = 0;

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: ReceivedRequest['json'];
        try {
          json = JSON.parse(body) as ReceivedRequest['json'];
        } catch {
          json = {} as ReceivedRequest['json'];
        }
        const received = { headers: req.headers, body, json, receivedAt: Date.now() };
        if (this.secrets.length > 0 && !this.secrets.some((secret) => verifies(secret, received))) this.badSignatures.push(received);
        const index = this.requests.push(received) - 1;
        const answer = this.respond(received, index);
        const send = (): void => {
          if (res.destroyed) return;
          res.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' });
          res.end(answer.body ?? '');
        };
        // Unref: a test that ends before a slow answer is sent must not keep the process alive for it.
        if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
        else if (answer.heldUntil) void answer.heldUntil.then(send, send);
        else send();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    this.server.keepAliveTimeout = 1000;
  }

  /** From now on, every request must verify, as a partner would check it, with one of the secrets given (see `badSignatures`). */
  verifyWith(secret: string): void {
    this.secrets.push(secret);
  }

  static async start(port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.listen(port);
    return receiver;
  }

  async listen(port = this.port): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Waits until `count` requests (in all) have arrived, or fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} webhook requests, got ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.requests.slice(0, count);
  }

  /** Stops listening (the port refuses connections) until `listen()` again. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Verifies a request as a partner would; throws when the signature does not match `secret`. */
export function verify(secret: string, request: ReceivedRequest): unknown {
  const headers = { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) };
  return new StandardWebhook(secret).verify(request.body, headers);
}

function verifies(secret: string, request: ReceivedRequest): boolean {
  try {
    verify(secret, request);
    return true;
  } catch {
    return false;
  }
}

/** Polls `read` until `done` holds for its value, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
