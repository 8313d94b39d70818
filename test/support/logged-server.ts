import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createLoaders } from '../../src/app/loaders';
import { RESOLVERS } from '../../src/app/resolvers';
import { V2_ROUTES } from '../../src/app/v2-routes';
import type { LimitSettings } from '../../src/config/config';
import { Readiness } from '../../src/http/readiness';
import { buildServer } from '../../src/http/server';
import { createLogger } from '../../src/logging/logger';
import { apiClient, type ApiClient, type TestApp, type Workspace } from './test-app';

export interface CapturedLog {
  logger: Logger;
  /** Each line written, as text, in order. */
  texts: string[];
  /** Each line written, parsed. */
  records: Record<string, unknown>[];
}

/** A logger at `info` whose lines are kept (the suite's apps log nothing), for what a test expects in the log. */
export function capturedLog(): CapturedLog {
  const texts: string[] = [];
  const records: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        texts.push(line);
        records.push(JSON.parse(line));
      }
      done();
    },
  });
  return { logger: createLogger('info', sink), texts, records };
}

export interface LoggedServer {
  server: FastifyInstance;
  /** The workspace's key on the logged server. */
  api: ApiClient;
  /** What the server logged, parsed; tests empty it (`lines.length = 0`) before what they look at. */
  lines: Record<string, unknown>[];
}

/** A second server over the app's services whose log is kept, for what a request writes there. */
export async function startLoggedServer(app: TestApp, ws: Workspace, limits?: LimitSettings): Promise<LoggedServer> {
  const { logger, records } = capturedLog();
  const server = await buildServer({
    config: { publicUrl: undefined, nodeEnv: 'test', ...(limits ? { limits } : {}) },
    logger,
    services: app.services,
    routes: V2_ROUTES,
    resolvers: RESOLVERS,
    loaders: createLoaders,
    readiness: new Readiness(app.dataSource),
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.addresses().find((a) => typeof a === 'object');
  return { server, lines: records, api: apiClient(`http://127.0.0.1:${address?.port}`, { 'x-api-key': ws.key }) };
}

/** Every table of the app's schema, for row counts before and after what must change nothing. */
export async function publicTables(app: TestApp): Promise<string[]> {
  const rows: { table_name: string }[] = await app.dataSource.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}
