import type { ErrorObject } from 'ajv';
import { requestBodyProblems } from '../../../support/openapi-contract';
import { startTestApp, type TestApp, type Workspace } from '../../../support/test-app';
import { ok, typedClient, type TypedClient } from './typed-client';
import type { components } from './v2-types';

/**
 * The bodies of the operations that create records, as openapi.json states them and as the server
 * judges them: a body the document accepts is not refused for a reason the document could state
 * (a minimal body, sent through the typed client, is a 200), and a body it refuses is a 422 naming
 * the same missing fields. The generated types refuse what the document refuses at compile time.
 */
type Schemas = components['schemas'];

/** A value of type T: `@ts-expect-error` on a call shows the types refuse the argument. */
function body<T>(value: T): T {
  return value;
}

// Compiled by `npm run typecheck`: each line fails to compile (and so the directive) once the types accept it.
const REFUSED_BY_THE_TYPES: unknown[] = [
  // @ts-expect-error `name` is required on create
  body<Schemas['AdvertiserAccountCreateInput']>({}),
  // @ts-expect-error a new account has no members: its primary contact can only be null
  body<Schemas['AdvertiserAccountCreateInput']>({ name: 'Acme', primary_contact_id: 5 }),
  // @ts-expect-error `password` is required on create
  body<Schemas['MemberCreateInput']>({ advertiser_account_id: 1, email: 'a@example.com', first_name: 'A', last_name: 'B' }),
  // @ts-expect-error `campaign_title` and `primary_advertiser_account_id` are required on create
  body<Schemas['CampaignCreateInput']>({}),
  // @ts-expect-error each new phase needs `phase_title`
  body<Schemas['PhasesCreateInput']>({ campaign_id: 1, phases: [{}] }),
  // @ts-expect-error `campaign_id`, `phase_id` and `content_name` are required on create
  body<Schemas['ContentCreateInput']>({ content_name: 'Teaser' }),
  // @ts-expect-error each new distribution needs `distribution_type_id`
  body<Schemas['DistributionsCreateInput']>({ content_id: 1, distributions: [{}] }),
  // @ts-expect-error a new link needs `link_type` and `original_link`
  body<Schemas['DistributionsCreateInput']>({ content_id: 1, distributions: [{ distribution_type_id: 1, primary_link: {} }] }),
  // @ts-expect-error `name`, `url` and `events` are required on create
  body<Schemas['WebhookCreateInput']>({ name: 'Orders' }),
  // @ts-expect-error the upsert requires e-mail, names and roles either way
  body<Schemas['OrganisationUserInput']>({ user_email: 'a@example.com' }),
  // @ts-expect-error creating a service requires `name`; updating one requires its `id`
  body<Schemas['WebhookServiceUpsertInput']>({ is_default: true }),
];

let app: TestApp;
let ws: Workspace;
let api: TypedClient['client'];
const parents = { accountId: 0, campaignId: 0, phaseId: 0, contentId: 0 };

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('Create bodies');
  ({ client: api } = typedClient(app.baseUrl, ws.key));
  parents.accountId = ok(await api.POST('/advertiser-accounts', { body: { name: 'Parent account' } })).data.advertiser_account.id;
  parents.campaignId = ok(await api.POST('/campaigns', { body: { campaign_title: 'Parent campaign', primary_advertiser_account_id: parents.accountId } })).data.campaign.id;
  ok(await api.POST('/phases', { body: { campaign_id: parents.campaignId, phases: [{ phase_title: 'Parent phase' }] } }));
  parents.phaseId = ok(await api.GET('/phases', { params: { query: { campaign_id: parents.campaignId } } })).data.phases.data[0].id;
  parents.contentId = ok(await api.POST('/contents', { body: { campaign_id: parents.campaignId, phase_id: parents.phaseId, content_name: 'Parent content' } })).data.content.content_id;
});

afterAll(async () => {
  await app.close();
});

/** `phases.0.phase_title` for each field the document says is missing. */
function missingFields(problems: ErrorObject[]): string[] {
  const fields = problems
    .filter((problem) => problem.keyword === 'required')
    .map((problem) => [...problem.instancePath.split('/').slice(1), String(problem.params.missingProperty)].join('.'));
  return [...new Set(fields)].sort();
}

/** The fields the server's 422 names: "is required", or the type rule a field it must have fails when absent. */
function namedByServer(errors: Record<string, string[]>): string[] {
  return Object.keys(errors).sort();
}

describe('what the types refuse', () => {
  it('is listed above: each entry compiles only as an expected error', () => {
    expect(REFUSED_BY_THE_TYPES).toHaveLength(11);
  });
});

describe('a body openapi.json refuses for a missing field is a 422 naming the same fields', () => {
  const cases: [operationId: string, path: string, body: () => Record<string, unknown>][] = [
    ['createAdvertiserAccount', '/v2/advertiser-accounts', () => ({})],
    ['createMember', '/v2/members', () => ({})],
    ['createMember', '/v2/members', () => ({ advertiser_account_id: parents.accountId, email: 'no-password@example.com', first_name: 'No', last_name: 'Password' })],
    ['createCampaign', '/v2/campaigns', () => ({})],
    ['createPhases', '/v2/phases', () => ({})],
    ['createPhases', '/v2/phases', () => ({ campaign_id: parents.campaignId, phases: [{ phase_title: 'Fine' }, {}] })],
    ['createContent', '/v2/contents', () => ({})],
    ['createDistributions', '/v2/distributions', () => ({})],
    ['createDistributions', '/v2/distributions', () => ({ content_id: parents.contentId, distributions: [{}] })],
    [
      'createDistributions',
      '/v2/distributions',
      () => ({ content_id: parents.contentId, distributions: [{ distribution_type_id: 1, primary_link: {}, distribution_media_library: [{}] }] }),
    ],
    ['createWebhook', '/v2/webhooks', () => ({})],
    ['upsertOrganisationUser', '/v2/organisation-users', () => ({})],
    ['upsertOrganisationUser', '/v2/organisation-users', () => ({ user_email: 'half@example.com', user_first_name: 'Half' })],
  ];

  it.each(cases)('%s %#', async (operationId, path, makeBody) => {
    const sent = makeBody();
    const documented = missingFields(requestBodyProblems(operationId, sent));
    expect(documented).not.toEqual([]);
    const answer = await ws.api.post(path, sent);
    expect(answer.status).toBe(422);
    expect(namedByServer(answer.body.errors)).toEqual(documented);
  });

  it('upsertWebhookService: `{}` is neither a create (no `name`) nor an update (no `id`); the server refuses it as a create', async () => {
    expect(missingFields(requestBodyProblems('upsertWebhookService', {}))).toEqual(['id', 'name']);
    const answer = await ws.api.post('/v2/webhooks/services', {});
    expect(answer.status).toBe(422);
    expect(namedByServer(answer.body.errors)).toEqual(['name']);
  });
});

describe('a body openapi.json refuses for a field or value a create does not take is a 422', () => {
  it.each([
    ['createAdvertiserAccount', '/v2/advertiser-accounts', () => ({ name: 'With contact', primary_contact_id: 1 }), 'primary_contact_id'],
    ['createAdvertiserAccount', '/v2/advertiser-accounts', () => ({ name: 'FTP logo', logo: 'ftp://files.example.com/logo.png' }), 'logo'],
    ['createMember', '/v2/members', () => ({ advertiser_account_id: parents.accountId, email: 'ftp@example.com', first_name: 'F', last_name: 'P', password: 'long-enough', photo: 'ftp://files.example.com/p.png' }), 'photo'],
    ['createDistributions', '/v2/distributions', () => ({ content_id: parents.contentId, distributions: [{ id: 1, distribution_type_id: 1 }] }), 'distributions.0.id'],
    ['createCampaign', '/v2/campaigns', () => ({ campaign_title: 'Done already', primary_advertiser_account_id: parents.accountId, campaign_status: 4 }), 'campaign_status'],
    ['createContent', '/v2/contents', () => ({ campaign_id: parents.campaignId, phase_id: parents.phaseId, content_name: 'Live', status: 5 }), 'status'],
  ])('%s', async (operationId, path, makeBody, field) => {
    const sent = makeBody();
    expect(requestBodyProblems(operationId, sent)).not.toEqual([]);
    const answer = await ws.api.post(path, sent);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });
});

describe('a minimal body openapi.json accepts is created', () => {
  it('createAdvertiserAccount', async () => {
    const sent = { name: 'Minimal account' };
    expect(requestBodyProblems('createAdvertiserAccount', sent)).toEqual([]);
    expect(ok(await api.POST('/advertiser-accounts', { body: sent })).data.advertiser_account.name).toBe('Minimal account');
  });

  it('createMember', async () => {
    const sent = { advertiser_account_id: parents.accountId, email: 'minimal@example.com', first_name: 'Min', last_name: 'Imal', password: 'long-enough' };
    expect(requestBodyProblems('createMember', sent)).toEqual([]);
    expect(ok(await api.POST('/members', { body: sent })).data.member.email).toBe('minimal@example.com');
  });

  it('createCampaign', async () => {
    const sent = { campaign_title: 'Minimal campaign', primary_advertiser_account_id: parents.accountId };
    expect(requestBodyProblems('createCampaign', sent)).toEqual([]);
    expect(ok(await api.POST('/campaigns', { body: sent })).data.campaign.campaign_title).toBe('Minimal campaign');
  });

  it('createPhases', async () => {
    const sent = { campaign_id: parents.campaignId, phases: [{ phase_title: 'Minimal phase' }] };
    expect(requestBodyProblems('createPhases', sent)).toEqual([]);
    expect(ok(await api.POST('/phases', { body: sent })).message).toBe('Phases created successfully');
  });

  it('createContent', async () => {
    const sent = { campaign_id: parents.campaignId, phase_id: parents.phaseId, content_name: 'Minimal content' };
    expect(requestBodyProblems('createContent', sent)).toEqual([]);
    expect(ok(await api.POST('/contents', { body: sent })).data.content.content_name).toBe('Minimal content');
  });

  it('createDistributions', async () => {
    const sent = { content_id: parents.contentId, distributions: [{ distribution_type_id: 1 }] };
    expect(requestBodyProblems('createDistributions', sent)).toEqual([]);
    expect(ok(await api.POST('/distributions', { body: sent })).data.distributions).toHaveLength(1);
  });

  it('createWebhook', async () => {
    const events: Schemas['WebhookCreateInput']['events'] = ['campaign_created'];
    const sent = { name: 'Minimal webhook', url: 'http://127.0.0.1:9/minimal', events };
    expect(requestBodyProblems('createWebhook', sent)).toEqual([]);
    expect(ok(await api.POST('/webhooks', { body: sent })).data.webhook.name).toBe('Minimal webhook');
  });

  it('upsertOrganisationUser', async () => {
    const roleType: Schemas['OrganisationUserRoleInput']['role_type'] = 1;
    const sent = { user_email: 'minimal-user@example.com', user_first_name: 'Min', user_last_name: 'User', roles: [{ role_type: roleType }] };
    expect(requestBodyProblems('upsertOrganisationUser', sent)).toEqual([]);
    expect(ok(await api.POST('/organisation-users', { body: sent })).message).toBe('User created successfully');
  });

  it('upsertWebhookService', async () => {
    const sent = { name: 'Minimal service' };
    expect(requestBodyProblems('upsertWebhookService', sent)).toEqual([]);
    expect(ok(await api.POST('/webhooks/services', { body: sent })).message).toBe('Webhook service created successfully');
  });
});
