import { appForFile } from '../support/file-app';

const { app, ws } = appForFile();

async function lastUsedAt(): Promise<Date | null> {
  const [row] = await app.dataSource.query('SELECT last_used_at FROM api_keys WHERE id = $1', [ws.apiKeyId]);
  return row.last_used_at;
}

describe('API key use', () => {
  it('records last_used_at on first use, then at most once a minute', async () => {
    expect(await lastUsedAt()).toBeNull();
    await ws.api.get('/v2/campaigns');
    const first = await lastUsedAt();
    expect(first).toBeInstanceOf(Date);

    await ws.api.get('/v2/campaigns');
    await ws.api.graphql('{ __typename }');
    expect(await lastUsedAt()).toEqual(first);

    await app.dataSource.query(`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [ws.apiKeyId]);
    const stale = await lastUsedAt();
    await ws.api.get('/v2/campaigns');
    expect((await lastUsedAt())!.getTime()).toBeGreaterThan(stale!.getTime());
  });

  it('stores only a SHA-256 hash and a display prefix of the key', async () => {
    const [row] = await app.dataSource.query('SELECT * FROM api_keys WHERE id = $1', [ws.apiKeyId]);
    expect(JSON.stringify(row)).not.toContain(ws.key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ws.key.startsWith(row.prefix)).toBe(true);
    expect(row.prefix).toHaveLength(12);
  });

  it('issues keys of at least 160 random bits with a recognisable prefix', async () => {
    expect(ws.key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    const other = await app.workspace();
    expect(other.key).not.toBe(ws.key);
  });

  it('sees only its own workspace: one key never reads another workspace', async () => {
    const other = await app.workspace();
    const created = await other.api.post('/v2/advertiser-accounts', { name: 'Only theirs' });
    expect(created.status).toBe(200);
    const mine = await ws.api.get('/v2/advertiser-accounts');
    expect(mine.body.data.advertiser_accounts.data).toEqual([]);
  });
});
