import { Agent, request } from 'undici';
import { type DestinationPolicy, DestinationRefusedError, guardedLookup, type Resolver, urlProblem } from '../destination-guard';

const RESPONSE_EXCERPT_BYTES = 1024;

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The start of the body, as text (the first 1 KB unless asked for more). */
  excerpt: string;
}

/** A failure to get any answer, in words fit for the delivery log. */
export class HttpFailure extends Error {}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof DestinationRefusedError) return `refused destination: ${error.message}`;
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if ((error as Error).name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return `timed out after ${timeoutMs / 1000} s`;
  if (code === 'EDESTINATIONREFUSED') return `refused destination: ${(error as Error).message}`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  return code ? `network error (${code})` : `network error: ${(error as Error).message}`;
}

/** Reads at most `limit` bytes of a body and drops the rest. */
async function excerptOf(body: AsyncIterable<Buffer> & { destroy(): void }, limit = RESPONSE_EXCERPT_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/**
 * The one way deliveries and token requests reach partner servers: every connection through the
 * destination guard, redirects never followed, one overall time limit per request.
 */
export class PartnerHttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly policy: DestinationPolicy,
    private readonly timeoutMs: number,
    resolve?: Resolver,
  ) {
    this.agent = new Agent({ connect: { lookup: guardedLookup(policy, resolve) }, keepAliveTimeout: 10_000, connections: 64 });
  }

  async post(url: string, headers: Record<string, string>, body: string, maxBodyBytes = RESPONSE_EXCERPT_BYTES): Promise<HttpAnswer> {
    const problem = urlProblem(url, this.policy);
    if (problem) throw new HttpFailure(`refused destination: URL ${problem}`);
    try {
      const response = await request(url, { method: 'POST', headers, body, dispatcher: this.agent, signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: response.statusCode, headers: response.headers, excerpt: await excerptOf(response.body, maxBodyBytes) };
    } catch (error) {
      throw new HttpFailure(describe(error, this.timeoutMs));
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
