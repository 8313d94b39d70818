import { contextOf } from '../support/fixtures';
import { AdvertiserAccountInput } from '../../src/advertiser-accounts/advertiser-account.input';
import { CampaignInput } from '../../src/campaigns/campaign.input';
import type { RequestContext } from '../../src/common/request-context';
import { recordEvent } from '../../src/outbox/outbox';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

let app: TestApp;
let ws: Workspace;
let ctx: RequestContext;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace();
  ctx = { ...contextOf(ws), requestId: 'outbox-test' };
});
afterAll(async () => {
  await app.close();
});

async function eventCount(): Promise<number> {
  const [{ count }] = await app.dataSource.query('SELECT count(*)::int AS count FROM outbox_events WHERE organisation_id = $1', [ws.organisationId]);
  return count;
}

describe('recordEvent', () => {
  it('commits with the change that caused it', async () => {
    const before = await eventCount();
    const account = await app.services.advertiserAccounts.create(ctx, Object.assign(new AdvertiserAccountInput(), { name: 'Outbox Co' }));
    const [event] = await app.dataSource.query('SELECT * FROM outbox_events WHERE organisation_id = $1 ORDER BY id DESC LIMIT 1', [ws.organisationId]);
    expect(await eventCount()).toBe(before + 1);
    expect(event).toMatchObject({
      organisation_id: ws.organisationId,
      event_type: 'advertiser_account_created',
      resource_type: 'advertiser_account',
      resource_id: account.id,
      request_id: 'outbox-test',
    });
    expect(event.payload.advertiser_account).toMatchObject({ id: account.id, name: 'Outbox Co', organization_code: ws.organizationCode });
    expect(event.created_at).toBeInstanceOf(Date);
  });

  it('records nothing when the transaction that wrote it rolls back', async () => {
    const before = await eventCount();
    await expect(
      app.dataSource.transaction(async (manager) => {
        await recordEvent(manager, ctx, { type: 'campaign_created', resourceId: 1, payload: { campaign: {} } });
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventCount()).toBe(before);
  });

  it('records nothing for a write the service refuses part-way (the account check fails after validation)', async () => {
    const before = await eventCount();
    const input = Object.assign(new CampaignInput(), { campaignTitle: 'No account', primaryAdvertiserAccountId: 999999 });
    await expect(app.services.campaigns.create(ctx, input)).rejects.toThrow('The given data was invalid');
    expect(await eventCount()).toBe(before);
    const [{ count }] = await app.dataSource.query('SELECT count(*)::int AS count FROM campaigns WHERE organisation_id = $1', [ws.organisationId]);
    expect(count).toBe(0);
  });
});
