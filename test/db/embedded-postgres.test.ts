import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runAdmin } from '../support/processes';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process';
import { apiClient } from '../support/test-app';

/** Starts the server exactly as `npm start` does, with no DATABASE_URL. */
function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir });
}

let dataDir: string;

beforeAll(async () => {
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'cpa-embedded-')), 'data');
  await chmod(path.dirname(dataDir), 0o755);
});
afterAll(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('embedded PostgreSQL (DATABASE_URL unset)', () => {
  it('creates the data directory on first start, reuses it on the second, and stops cleanly each time', async () => {
    const first = await startServer(dataDir);
    expect((await fetch(`${first.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${first.baseUrl}/readyz`)).status).toBe(200);
    expect(first.logs.join('\n')).toContain(path.join(dataDir, 'postgres'));
    expect((await stat(path.join(dataDir, 'postgres', 'PG_VERSION'))).isFile()).toBe(true);

    // The admin CLI attaches to the cluster the running server started.
    const created = await runAdmin(['org:create', '--name', 'Persisted', '--code', 'persisted'], { DATA_DIR: dataDir });
    expect(created.code).toBe(0);
    const issued = await runAdmin(['key:create', '--org', 'persisted'], { DATA_DIR: dataDir });
    const { key } = JSON.parse(issued.stdout) as { key: string };

    expect(await stopServerProcess(first)).toBe(0);
    await expect(stat(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();

    const second = await startServer(dataDir);
    expect((await fetch(`${second.baseUrl}/healthz`)).status).toBe(200);
    const response = await apiClient(second.baseUrl, { 'x-api-key': key }).get('/v2/campaigns');
    expect(response.status).toBe(200);
    expect(await stopServerProcess(second)).toBe(0);
  }, 120_000);

  it('lets the admin CLI start and stop the cluster itself when no server is running', async () => {
    const result = await runAdmin(['org:create', '--name', 'Offline', '--code', 'offline'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    await expect(stat(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  }, 60_000);
});
