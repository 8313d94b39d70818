import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { Campaign } from '../../../../src/campaigns/campaign.entity';
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
