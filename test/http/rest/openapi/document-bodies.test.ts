import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { REQUIRED_ON_CREATE as ACCOUNT_REQUIRED } from '../../../../src/advertiser-accounts/advertiser-account.service';
import { advertiserAccountWire } from '../../../../src/advertiser-accounts/advertiser-account.record';
import { REQUIRED_ON_CREATE as CAMPAIGN_REQUIRED } from '../../../../src/campaigns/campaign.service';
import { campaignWire } from '../../../../src/campaigns/campaign.record';
import type { WireShape } from '../../../../src/common/wire-shape';
import { REQUIRED_ON_CREATE as CONTENT_REQUIRED } from '../../../../src/contents/content.service';
import { contentWire } from '../../../../src/contents/content.record';
import { DISTRIBUTION_REQUIRED_ON_CREATE, LINK_REQUIRED_ON_CREATE, MEDIA_REQUIRED_ON_CREATE } from '../../../../src/distributions/distribution-rules';
import { distributionWire, mediaItemWire, primaryLinkWire } from '../../../../src/distributions/distribution.record';
import { KEY_PATTERN } from '../../../../src/http/idempotency/idempotency';
import { REQUIRED_ON_CREATE as MEMBER_REQUIRED } from '../../../../src/members/member.service';
import { memberWire } from '../../../../src/members/member.record';
import { REQUIRED_ON_UPSERT as USER_REQUIRED } from '../../../../src/organisation-users/organisation-user.service';
import { userUpsertBodyWire } from '../../../../src/organisation-users/organisation-user.record';
import { REQUIRED_ON_CREATE as PHASE_REQUIRED } from '../../../../src/phases/phase-rules';
import { phaseWire } from '../../../../src/phases/phase.record';
import { SERVICE_REQUIRED_ON_CREATE } from '../../../../src/webhooks/webhook-service-config.service';
import { WEBHOOK_REQUIRED_ON_CREATE } from '../../../../src/webhooks/webhook.service';
import { webhookServiceWire, webhookWire } from '../../../../src/webhooks/webhook.record';
import { OPENAPI_DOCUMENT } from '../../../support/openapi-contract';
import { bodySchemaName, everySchema, type Json, operationNamed, refName, schemaNamed } from './document-walk';

/**
 * Request bodies and parameters of openapi.json as code generators and mock servers read them:
 * what each operation requires, what it takes, and that every value's type is stated.
 */

/** The v2 names of a service's list of required input properties. */
function wireNames(wire: WireShape, props: readonly string[]): string[] {
  return props.map((prop) => wire.wireName(prop)).sort();
}

function requiredOf(name: string): string[] {
  return [...((schemaNamed(name).required as string[] | undefined) ?? [])].sort();
}

function itemsOf(schemaName: string, field: string): string | undefined {
  const property = (schemaNamed(schemaName).properties as Record<string, Json>)[field];
  const element = property.items ?? (property.anyOf as Json[] | undefined)?.find((branch) => branch.$ref);
  return refName(element);
}

describe('each operation that creates records requires what its service requires (item 10)', () => {
  // [what, the body's schema, the service's own list, the wire shape spelling it]
  const cases: [string, string | undefined, readonly string[], WireShape][] = [
    ['createAdvertiserAccount', bodySchemaName('createAdvertiserAccount'), ACCOUNT_REQUIRED, advertiserAccountWire],
    ['createMember', bodySchemaName('createMember'), MEMBER_REQUIRED, memberWire],
    ['createCampaign', bodySchemaName('createCampaign'), CAMPAIGN_REQUIRED, campaignWire],
    ['createPhases, each phase', itemsOf('PhasesCreateInput', 'phases'), PHASE_REQUIRED, phaseWire],
    ['createContent', bodySchemaName('createContent'), CONTENT_REQUIRED, contentWire],
    ['createDistributions, each distribution', itemsOf('DistributionsCreateInput', 'distributions'), DISTRIBUTION_REQUIRED_ON_CREATE, distributionWire],
    ['createDistributions, its link', itemsOf('DistributionCreateInput', 'primary_link'), LINK_REQUIRED_ON_CREATE, primaryLinkWire],
    ['createDistributions, each media file', itemsOf('DistributionCreateInput', 'distribution_media_library'), MEDIA_REQUIRED_ON_CREATE, mediaItemWire],
    ['createWebhook', bodySchemaName('createWebhook'), WEBHOOK_REQUIRED_ON_CREATE, webhookWire],
    ['upsertOrganisationUser (create and update alike)', bodySchemaName('upsertOrganisationUser'), USER_REQUIRED, userUpsertBodyWire],
    ['upsertWebhookService, creating', 'WebhookServiceCreateInput', SERVICE_REQUIRED_ON_CREATE, webhookServiceWire],
  ];

  it.each(cases)('%s', (_what, schemaName, required, wire) => {
    expect(schemaName).toBeDefined();
    expect(requiredOf(schemaName ?? '')).toEqual(wireNames(wire, required));
  });

  it('the creates and the top-level bulk bodies name their schema for the create (`…CreateInput`)', () => {
    expect(['createAdvertiserAccount', 'createMember', 'createCampaign', 'createPhases', 'createContent', 'createDistributions', 'createWebhook'].map(bodySchemaName)).toEqual([
      'AdvertiserAccountCreateInput',
      'MemberCreateInput',
      'CampaignCreateInput',
      'PhasesCreateInput',
      'ContentCreateInput',
      'DistributionsCreateInput',
      'WebhookCreateInput',
    ]);
    expect(requiredOf('PhasesCreateInput')).toEqual(['campaign_id', 'phases']);
    expect(requiredOf('DistributionsCreateInput')).toEqual(['content_id', 'distributions']);
  });

  it.each([
    ['createAdvertiserAccount', 'updateAdvertiserAccount', 'AdvertiserAccountUpdateInput'],
    ['createMember', 'updateMember', 'MemberUpdateInput'],
    ['createCampaign', 'updateCampaign', 'CampaignUpdateInput'],
    ['createContent', 'updateContent', 'ContentUpdateInput'],
    ['createWebhook', 'updateWebhook', 'WebhookUpdateInput'],
    ['createPhases', 'updatePhase', 'PhaseUpdateInput'],
  ])('%s and %s have bodies of their own; the update requires nothing (fields left out are unchanged)', (create, update, updateSchema) => {
    expect(bodySchemaName(update)).toBe(updateSchema);
    expect(bodySchemaName(create)).not.toBe(updateSchema);
    expect(requiredOf(updateSchema)).toEqual([]);
  });

  it('a create body leaves out what a create refuses: the ids of new distributions, links and files', () => {
    for (const name of ['DistributionCreateInput', 'PrimaryLinkCreateInput', 'MediaItemCreateInput']) expect(schemaNamed(name).properties).not.toHaveProperty('id');
    for (const name of ['DistributionUpdateInput', 'PrimaryLinkInput', 'MediaItemInput']) expect(schemaNamed(name).properties).toHaveProperty('id');
  });
});

describe('the webhook service upsert states `id` as the writable key it is (item 11)', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(OPENAPI_DOCUMENT, 'openapi');
  const upsert = ajv.getSchema('openapi#/components/schemas/WebhookServiceUpsertInput');

  it('is one of a create (no id, or null) and an update (an id): neither marks `id` read-only', () => {
    expect(bodySchemaName('upsertWebhookService')).toBe('WebhookServiceUpsertInput');
    expect((schemaNamed('WebhookServiceUpsertInput').oneOf as Json[]).map(refName)).toEqual(['WebhookServiceCreateInput', 'WebhookServiceUpdateInput']);
    for (const name of ['WebhookServiceCreateInput', 'WebhookServiceUpdateInput']) expect((schemaNamed(name).properties as Record<string, Json>).id.readOnly).toBeUndefined();
    expect(requiredOf('WebhookServiceUpdateInput')).toEqual(['id']);
  });

  it.each([
    [{ name: 'New' }, true],
    [{ id: null, name: 'New' }, true],
    [{ id: 12, is_default: true }, true],
    [{ id: '12' }, true],
    [{ id: 0 }, false],
    [{ id: 12, has_client_secret: true }, true],
    [{ is_default: true }, false],
  ])('%j: %s', (body, accepted) => {
    expect(upsert?.(body)).toBe(accepted);
  });
});

describe('every value of a body or parameter has a type generators can read (item 13)', () => {
  it('every branch of an anyOf / oneOf says its type, or is a component', () => {
    const untyped = [...everySchema()]
      .filter(([at]) => /\.(anyOf|oneOf)\.\d+$/.test(at))
      .filter(([, branch]) => branch.type === undefined && branch.$ref === undefined)
      .map(([at]) => at);
    expect(untyped).toEqual([]);
  });

  it('uses only formats of JSON Schema 2020-12 that validators and generators know (no `url`)', () => {
    const known = new Set(['date', 'date-time', 'email', 'uri']);
    const unknown = [...everySchema()].filter(([, schema]) => typeof schema.format === 'string' && !known.has(schema.format)).map(([at, schema]) => `${at}: ${String(schema.format)}`);
    expect(unknown).toEqual([]);
  });

  it.each([
    ['AdvertiserAccountCreateInput', 'logo'],
    ['MemberCreateInput', 'photo'],
    ['OrganisationUserInput', 'photo'],
    ['CampaignCreateInput', 'media_plan_external_url'],
    ['CampaignCreateInput', 'rate_card_external_url'],
    ['CampaignCreateInput', 'crm_deal_link'],
    ['PrimaryLinkCreateInput', 'original_link'],
    ['MediaItemCreateInput', 'file_url'],
  ])('%s.%s admits http(s) URLs in any case of the scheme, as the server does, and refuses others', (schemaName, field) => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile((schemaNamed(schemaName).properties as Record<string, Json>)[field]);
    for (const url of ['https://cdn.example.com/a.png', 'HTTP://example.com/x']) expect(validate(url)).toBe(true);
    for (const url of ['ftp://example.com/a.png', 'example.com/a.png', 'javascript:alert(1)']) expect(validate(url)).toBe(false);
  });

  it('CampaignCreateInput.billing_contact_email is an e-mail address or empty', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile((schemaNamed('CampaignCreateInput').properties as Record<string, Json>).billing_contact_email);
    expect([validate(''), validate('billing@example.com'), validate('not an address')]).toEqual([true, true, false]);
  });

  it('documents the Idempotency-Key pattern the server checks, which admits no key of spaces', () => {
    const parameter = (operationNamed('createCampaign').operation.parameters as Json[]).find((candidate) => candidate.name === 'Idempotency-Key');
    const pattern = (parameter?.schema as Json | undefined)?.pattern;
    expect(pattern).toBe(KEY_PATTERN.source);
    const documented = new RegExp(String(pattern), 'u');
    for (const key of ['a', 'order-42 retry', '~'.repeat(255)]) expect(documented.test(key)).toBe(true);
    for (const key of ['', ' ', '   ', ' leading', 'trailing ', 'k'.repeat(256), 'clé', 'a\tb']) expect(documented.test(key)).toBe(false);
  });
});
