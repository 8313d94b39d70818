import { Campaign } from '../../../../src/campaigns/campaign.entity';
import { campaignWire } from '../../../../src/campaigns/campaign.record';
import { ERROR_CODES, ErrorCode } from '../../../../src/common/error-codes';
import { httpStatusOf } from '../../../../src/http/error-status';
import { recordSchema } from '../../../../src/http/rest/openapi/record-schema';
import { OPENAPI_DOCUMENT } from '../../../support/openapi-contract';
import { everyObject, everySchema, type Json, refName, schemaNamed } from './document-walk';

/** The shapes of openapi.json as code generators name and type them. */
const schemas = (OPENAPI_DOCUMENT.components as unknown as { schemas: Record<string, Json> }).schemas;
const responses = OPENAPI_DOCUMENT.components.responses as unknown as Record<string, { content: Record<string, { schema: Json }> }>;

describe('free-form objects say so (item 12)', () => {
  it('no schema is an object that names no keys and leaves open whether others may come', () => {
    const bare = [...everySchema()]
      .filter(([, schema]) => (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))) && !('properties' in schema) && !('additionalProperties' in schema))
      .map(([at]) => at);
    expect(bare).toEqual([]);
  });

  it.each([
    ['OrganisationUser', 'custom_fields'],
    ['OrganisationUserUpsert', 'custom_fields'],
    ['OrganisationUserInput', 'custom_fields'],
    ['Phase', 'custom_fields'],
    ['PhaseCreateInput', 'custom_fields'],
    ['PhaseUpdateInput', 'custom_fields'],
    ['Event', 'data'],
  ])('%s.%s takes any keys', (schemaName, field) => {
    const property = (schemaNamed(schemaName).properties as Record<string, Json>)[field];
    const object = property.type === 'object' || (Array.isArray(property.type) && property.type.includes('object')) ? property : (property.anyOf as Json[]).find((branch) => branch.type === 'object');
    expect(object?.additionalProperties).toBe(true);
  });
});

describe('a record always has its id (item 14)', () => {
  it('recordSchema types a primary key column without null', () => {
    expect((recordSchema('Campaign', campaignWire, Campaign).properties as Record<string, Json>).id).toEqual({ type: 'integer' });
  });

  it('no record schema of the document lets its `id` be null', () => {
    const records = Object.entries(schemas).filter(([name, schema]) => !name.endsWith('Input') && (schema.properties as Record<string, Json> | undefined)?.id !== undefined);
    expect(records.length).toBeGreaterThan(15);
    const nullable = records.filter(([, schema]) => JSON.stringify((schema.properties as Record<string, Json>).id).includes('"null"')).map(([name]) => name);
    expect(nullable).toEqual([]);
  });
});

describe('each error answer lists the codes it can carry (item 16)', () => {
  const codesOf = (name: string): string[] => {
    const envelope = schemas[refName(responses[name].content['application/json'].schema) ?? ''];
    const narrowing = (envelope.allOf as Json[]).find((part) => part.properties);
    return ((narrowing?.properties as Record<string, { enum: string[] }>).code.enum ?? []).slice().sort();
  };

  it.each([
    ['BadRequest', 400, [ErrorCode.BAD_REQUEST, ErrorCode.RESPONSE_TOO_LARGE]],
    ['Unauthenticated', 401, [ErrorCode.UNAUTHENTICATED]],
    ['NotFound', 404, [ErrorCode.NOT_FOUND]],
    ['Conflict', 409, [ErrorCode.IDEMPOTENCY_KEY_IN_USE]],
    ['PayloadTooLarge', 413, [ErrorCode.BAD_REQUEST]],
    ['UnsupportedMediaType', 415, [ErrorCode.BAD_REQUEST]],
    ['Unprocessable', 422, [ErrorCode.BAD_USER_INPUT, ErrorCode.IDEMPOTENCY_KEY_REUSED]],
    ['RateLimited', 429, [ErrorCode.RATE_LIMITED]],
    ['InternalError', 500, [ErrorCode.INTERNAL_SERVER_ERROR]],
    ['Unavailable', 503, [ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.STATEMENT_TIMEOUT]],
  ])('%s (%d): %j, each a code the REST face answers with that status', (name, status, codes) => {
    expect(codesOf(name)).toEqual([...codes].sort());
    const uses = Object.values(OPENAPI_DOCUMENT.paths).flatMap((item) => Object.values(item).map((operation) => operation.responses[String(status)]));
    expect(uses).toContainEqual({ $ref: `#/components/responses/${name}` });
    // BAD_REQUEST is also the code of refusals with a more precise status (src/http/error-status.ts).
    for (const code of codes) expect(code === ErrorCode.BAD_REQUEST ? [400, 413, 415] : [httpStatusOf(code)]).toContain(status);
  });

  it('no GraphQL-only code appears anywhere in the document', () => {
    const graphqlOnly = ERROR_CODES.filter((code) => ![...Object.keys(responses)].some((name) => codesOf(name).includes(code)));
    expect(graphqlOnly).toEqual(expect.arrayContaining([ErrorCode.THROTTLED, ErrorCode.GRAPHQL_PARSE_FAILED, ErrorCode.QUERY_TOO_COMPLEX]));
    const text = JSON.stringify(OPENAPI_DOCUMENT);
    expect(graphqlOnly.filter((code) => text.includes(`"${code}"`))).toEqual([]);
  });
});

describe('shared shapes are named components (item 17)', () => {
  const operations = Object.entries(OPENAPI_DOCUMENT.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

  it("every operation's success envelope is a component named after the operation (`listCampaigns` → `ListCampaignsResponse`)", () => {
    for (const { operation } of operations) {
      const success = operation.responses['200'] as unknown as { content: Record<string, { schema: Json }> };
      const expected = `${operation.operationId[0].toUpperCase()}${operation.operationId.slice(1)}Response`;
      expect(refName(success.content['application/json'].schema)).toBe(expected);
      expect(schemas[expected]).toBeDefined();
    }
  });

  it('no schema under paths is written inline: bodies and answers are all references', () => {
    const inline = [...everyObject(OPENAPI_DOCUMENT.paths, 'paths')].filter(([at, node]) => at.endsWith('.schema') && /\.content\./.test(at) && node.$ref === undefined).map(([at]) => at);
    expect(inline).toEqual([]);
  });

  it("each page of records (§2.1) is one component per record (`CampaignPage`), every paged answer refers to it", () => {
    const pages = Object.keys(schemas).filter((name) => name.endsWith('Page'));
    expect(pages).toEqual(expect.arrayContaining(['CampaignPage', 'OrganisationUserPage', 'DistributionPage', 'EventPage', 'WebhookDeliveryPage']));
    for (const page of pages) {
      expect(refName(((schemas[page].properties as Record<string, Json>).data as Json).items)).toBe(page.slice(0, -'Page'.length));
    }
    const inlinePages = [...everySchema()].filter(([at, schema]) => !/^components\.schemas\.[A-Za-z]+Page$/.test(at) && (schema.properties as Json | undefined)?.current_page !== undefined).map(([at]) => at);
    expect(inlinePages).toEqual([]);
  });
});
