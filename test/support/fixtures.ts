import { CampaignInput } from '../../src/campaigns/campaign.input';
import type { RequestContext } from '../../src/common/request-context';
import { PublisherProfileInput, PublisherTitleInput } from '../../src/publisher-profiles/publisher-profile.input';
import type { AnyBody, TestApp, Workspace } from './test-app';

/**
 * The advertiser account → campaign → phase → content → distribution hierarchy, built through the
 * REST /v2 API the way a partner builds it. Each builder expects its request to succeed and returns
 * REST ids (numbers); GraphQL tests turn them into ID strings themselves.
 */

/** Creates an advertiser account with just a name; returns its id. */
export async function createAccount(workspace: Workspace, name: string): Promise<number> {
  const response = await workspace.api.post('/v2/advertiser-accounts', { name });
  expect(response.status).toBe(200);
  return response.body.data.advertiser_account.id as number;
}

/** Creates a campaign of an account, sending the account id as given (number or numeric string); returns its id. */
export async function createCampaign(workspace: Workspace, accountId: number | string, title = 'A campaign'): Promise<number> {
  const response = await workspace.api.post('/v2/campaigns', { campaign_title: title, primary_advertiser_account_id: accountId });
  expect(response.status).toBe(200);
  return response.body.data.campaign.id as number;
}

/** Creates phases with these titles (the create returns data null) and reads their ids back, in phase order. */
export async function createPhases(workspace: Workspace, campaignId: number | string, titles: string[]): Promise<number[]> {
  const created = await workspace.api.post('/v2/phases', { campaign_id: Number(campaignId), phases: titles.map((phase_title) => ({ phase_title })) });
  expect(created.status).toBe(200);
  const listed = await workspace.api.get(`/v2/phases?campaign_id=${campaignId}&per_page=100`);
  expect(listed.status).toBe(200);
  const records: AnyBody[] = listed.body.data.phases.data;
  return records.filter((phase) => titles.includes(phase.phase_title)).map((phase) => phase.id as number);
}

/** A campaign with two phases, plus a second campaign with one phase, in one workspace. */
export interface CampaignsFixture<Id> {
  workspace: Workspace;
  accountId: Id;
  campaignId: Id;
  phaseId: Id;
  secondPhaseId: Id;
  otherCampaignId: Id;
  otherCampaignPhaseId: Id;
}

/** Builds a {@link CampaignsFixture}, each id as `asId` gives it (`Number` for REST, `String` for GraphQL) and sent on as such. */
export async function createCampaignsFixture<Id extends number | string>(workspace: Workspace, asId: (id: number) => Id): Promise<CampaignsFixture<Id>> {
  const accountId = asId(await createAccount(workspace, 'Acme Brands'));
  const campaignId = asId(await createCampaign(workspace, accountId, 'Main campaign'));
  const [phaseId, secondPhaseId] = (await createPhases(workspace, campaignId, ['Phase one', 'Phase two'])).map(asId);
  const otherCampaignId = asId(await createCampaign(workspace, accountId, 'Other campaign'));
  const [otherCampaignPhaseId] = (await createPhases(workspace, otherCampaignId, ['Other phase'])).map(asId);
  return { workspace, accountId, campaignId, phaseId, secondPhaseId, otherCampaignId, otherCampaignPhaseId };
}

/** Creates a content piece in a campaign's phase; returns its id. */
export async function createContent(workspace: Workspace, campaignId: number | string, phaseId: number | string, name: string): Promise<number> {
  const response = await workspace.api.post('/v2/contents', { campaign_id: Number(campaignId), phase_id: Number(phaseId), content_name: name });
  expect(response.status).toBe(200);
  return response.body.data.content.content_id as number;
}

/** A distribution entry with only its type. */
export const BARE_DISTRIBUTION = { distribution_type_id: 1 };

/** A distribution entry with a primary link and one media file. */
export const DISTRIBUTION_WITH_LINK_AND_MEDIA = {
  distribution_type_id: 1,
  primary_link: { link_type: 1, original_link: 'https://example.com' },
  distribution_media_library: [{ file_url: 'https://example.com/a.jpg' }],
};

/** Creates `count` distributions of a content piece, each as `entry`; returns their v2 records. */
export async function createDistributions(workspace: Workspace, contentId: number | string, count: number, entry: Record<string, unknown>): Promise<AnyBody[]> {
  const response = await workspace.api.post('/v2/distributions', { content_id: Number(contentId), distributions: Array.from({ length: count }, () => entry) });
  expect(response.status).toBe(200);
  return response.body.data.distributions;
}

/** The request context of a workspace's own API key, for setting up through the services directly. */
export function contextOf(ws: Workspace): RequestContext {
  return { organisationId: ws.organisationId, organisationCode: ws.organizationCode, apiKeyId: ws.apiKeyId, scopes: ['*'], requestId: 'test-setup' };
}

/** Creates a campaign of an account through the campaign service (not the API); returns its id. */
export async function createCampaignThroughService(app: TestApp, ws: Workspace, accountId: number | string): Promise<number> {
  const campaign = await app.services.campaigns.create(
    contextOf(ws),
    Object.assign(new CampaignInput(), { campaignTitle: 'Spring launch', primaryAdvertiserAccountId: accountId }),
  );
  return campaign.id;
}

/** Creates an organisation user through Upsert User; returns its id. */
export async function createUser(workspace: Workspace, email: string, roleTypes: number[] = [2]): Promise<number> {
  const response = await workspace.api.post('/v2/organisation-users', {
    user_email: email,
    user_first_name: 'Test',
    user_last_name: 'User',
    roles: roleTypes.map((role_type) => ({ role_type })),
  });
  expect(response.status).toBe(200);
  return response.body.data.user_id as number;
}

/** Creates a member of an advertiser account through POST /v2/members; returns its id. */
export async function createMember(workspace: Workspace, accountId: number | string, email: string): Promise<number> {
  const response = await workspace.api.post('/v2/members', {
    advertiser_account_id: String(accountId),
    email,
    first_name: 'Member',
    last_name: 'Person',
    contact_number: '',
    staff_title: '',
    photo: '',
    active: 1,
    password: 'correct horse battery',
  });
  expect(response.status).toBe(200);
  return response.body.data.member.id as number;
}

/**
 * Creates a publisher profile with titles through the service (partners cannot create them: the
 * admin CLI and the demo seed do); returns the profile id and its title ids in order.
 */
export async function createPublisherProfile(
  app: TestApp,
  workspace: Workspace,
  name: string,
  titleNames: string[] = ['Title A'],
  fields: Partial<PublisherProfileInput> = {},
): Promise<{ profileId: number; titleIds: number[] }> {
  const input = Object.assign(new PublisherProfileInput(), fields, {
    name,
    titles: titleNames.map((title) => Object.assign(new PublisherTitleInput(), { name: title })),
  });
  const { profile, titles } = await app.services.publisherProfiles.create(contextOf(workspace), input);
  return { profileId: profile.id, titleIds: titles.map((title) => title.id) };
}
