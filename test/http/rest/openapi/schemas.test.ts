import { IsArray, IsInt, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { Campaign } from '../../../../src/campaigns/campaign.entity';
import { AdvertiserAccountInput } from '../../../../src/advertiser-accounts/advertiser-account.input';
import { CampaignInput } from '../../../../src/campaigns/campaign.input';
import { campaignWire } from '../../../../src/campaigns/campaign.record';
import { WireShape } from '../../../../src/common/wire-shape';
import { inputSchema } from '../../../../src/http/rest/openapi/input-schema';
import { recordSchema } from '../../../../src/http/rest/openapi/record-schema';

type Schema = { title?: string; properties: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties?: boolean };

describe('recordSchema (a v2 record from its WireShape and entity)', () => {
  const schema = recordSchema('Campaign', campaignWire, Campaign) as Schema;

  it('lists every shown field, in the WireShape order, all required and no other allowed', () => {
    const shown = campaignWire.declaredFields.filter((field) => !field.writeOnly).map((field) => field.wire);
    expect(Object.keys(schema.properties)).toEqual(shown);
    expect(schema.required).toEqual(shown);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.title).toBe('Campaign');
  });

  it('types the primary key without null: every record shown has its id', () => {
    expect(schema.properties.id).toEqual({ type: 'integer' });
  });

  it("types each field from its column, null allowed (a record shows an absent value as null), and an id sent as a string as a string", () => {
    expect(schema.properties.campaign_title).toEqual({ type: ['string', 'null'], maxLength: 255 });
    expect(schema.properties.campaign_net_cost).toEqual({ type: ['number', 'null'] });
    expect(schema.properties.earliest_start_date).toEqual({ type: ['string', 'null'], format: 'date' });
    expect(schema.properties.created_at).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(schema.properties.advertiser_access).toEqual({ type: ['boolean', 'null'] });
    expect(schema.properties.primary_advertiser_account_id).toEqual({ type: ['string', 'null'], pattern: '^-?[0-9]+$' });
  });

  it('refuses a field that is not a column and declares no schema, naming it', () => {
    const wire = new WireShape(['campaign_title', 'computed_total']);
    expect(() => recordSchema('Broken', wire, Campaign)).toThrow('Broken.computed_total is not a column of the entity');
  });

  it("takes a field's declared schema over the column's", () => {
    const wire = new WireShape([{ wire: 'computed_total', schema: { type: 'integer' } }]);
    expect((recordSchema('Declared', wire, Campaign) as Schema).properties.computed_total).toEqual({ type: 'integer' });
  });
});

describe('inputSchema (a v2 write body from its WireShape and service input)', () => {
  const schema = inputSchema('CampaignInput', campaignWire, CampaignInput) as Schema;

  it('lists the fields in v2 spelling and refuses unknown ones; read-only ones are marked, as the server ignores them', () => {
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties).toHaveProperty('additonal_campaign_notes');
    expect(schema.properties.id).toEqual({ readOnly: true, description: 'Shown in records; ignored when sent.' });
    expect(schema.properties.created_at.readOnly).toBe(true);
  });

  it("carries each property's rules: the library's and the project's own validators", () => {
    expect(schema.properties.campaign_title).toEqual({ type: 'string', maxLength: 255, pattern: '\\S' });
    expect(schema.properties.is_reporting_campaign).toEqual({ type: 'integer', enum: [0, 1] });
    expect(schema.properties.primary_advertiser_account_id.anyOf).toEqual([{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[0-9]+$' }]);
  });

  it('takes null where @IsOptional allows it, not where @IsOmittable checks an explicit null', () => {
    expect(schema.properties.earliest_start_date).toEqual({ type: ['string', 'null'], format: 'date' });
    expect(schema.properties.campaign_title.type).toBe('string');
  });

  it('refuses to describe a body whose validator it does not know, naming it', () => {
    class Unknown {
      @IsOptional() @IsString() @MaxLength(3) @ValidateBy({ name: 'isSomethingNew', validator: { validate: () => true } })
      code?: string;
    }
    expect(() => inputSchema('UnknownInput', new WireShape(['code']), Unknown)).toThrow('No JSON Schema for the validators isSomethingNew');
  });
});

describe("inputSchema's options: what an operation says of its body beyond the class's rules", () => {
  class Line {
    @IsOptional() @IsString()
    label?: string;

    @IsOptional() @IsInt()
    id?: number;
  }
  class Order {
    /** No @IsOptional: class-validator checks it when absent, so every body must carry it. */
    @IsInt()
    customerId!: number;

    @IsOptional() @IsString()
    note?: string | null;

    @IsOptional() @IsArray() @ValidateNested({ each: true })
    lines?: Line[];
  }
  const lineWire = new WireShape(['id', 'label']);
  const orderWire = new WireShape([{ wire: 'id', readOnly: true }, 'customer_id', 'note', 'lines']);
  const line = inputSchema('LineInput', lineWire, Line);

  it('requires what the rules check when absent, and the properties the operation names, in v2 spelling and field order', () => {
    const schema = inputSchema('OrderCreateInput', orderWire, Order, { required: ['note'], nested: { lines: line } }) as Schema;
    expect(schema.required).toEqual(['customer_id', 'note']);
    expect(inputSchema('OrderUpdateInput', orderWire, Order, { nested: { lines: line } }).required).toEqual(['customer_id']);
  });

  it("names each nested input's schema, keeping the array's own rules", () => {
    const schema = inputSchema('OrderInput', orderWire, Order, { nested: { lines: line } }) as Schema;
    expect(schema.properties.lines).toEqual({ type: ['array', 'null'], items: line });
    expect(() => inputSchema('OrderInput', orderWire, Order)).toThrow('OrderInput.lines holds nested inputs: name their schema');
  });

  it('leaves out what the operation refuses, and states the fields the operation states itself', () => {
    const schema = inputSchema('LineCreateInput', lineWire, Line, { omit: ['id'], required: ['label'] }) as Schema;
    expect(Object.keys(schema.properties)).toEqual(['label']);
    const keyed = inputSchema('OrderUpsertInput', orderWire, Order, { nested: { lines: line }, properties: { id: () => ({ type: 'integer' }) }, requiredFields: ['id'] }) as Schema;
    expect(keyed.properties.id).toEqual({ type: 'integer' });
    expect(keyed.required).toEqual(['id', 'customer_id']);
  });

  it('refuses a requirement the body cannot meet: an unknown field, or a read-only or omitted property', () => {
    expect(() => inputSchema('Broken', lineWire, Line, { requiredFields: ['nope'] })).toThrow('Broken: nope is no field of the body');
    expect(() => inputSchema('Broken', lineWire, Line, { omit: ['label'], required: ['label'] })).toThrow('Broken: the required label is no writable field of the body');
  });

  it('describes URLs by the schemes the server takes (IsUrl protocols; any case of the scheme), with standard formats only', () => {
    const logo = (inputSchema('AccountInput', new WireShape(['logo']), AdvertiserAccountInput) as Schema).properties.logo;
    expect(logo).toMatchObject({ type: ['string', 'null'], format: 'uri', pattern: '^(?:[Hh][Tt][Tt][Pp]|[Hh][Tt][Tt][Pp][Ss])://' });
    const emailOrEmpty = (inputSchema('CampaignInput', campaignWire, CampaignInput) as Schema).properties.billing_contact_email;
    expect(emailOrEmpty.anyOf).toEqual([{ type: 'string', const: '' }, { type: 'string', format: 'email' }]);
  });
});
