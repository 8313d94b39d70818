import type { RequestContext } from '../common/request-context';
import { WireShape } from '../common/wire-shape';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { AdvertiserAccount } from './advertiser-account.entity';

/** The v2 advertiser account record (spec §2.4), field for field and in its order. */
export const advertiserAccountWire = new WireShape([
  { wire: 'id', readOnly: true },
  'name',
  // From the request's workspace, not a column of the account.
  { wire: 'organization_code', readOnly: true, schema: { type: 'string' } },
  'status',
  'deactivation_reason',
  'is_deleted',
  'type',
  'logo',
  'primary_contact_id',
  'country',
  'state',
  'city',
  'zip_code',
  { wire: 'address1', prop: 'address1' },
  { wire: 'address2', prop: 'address2' },
  { wire: 'deleted_at', readOnly: true },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

/** The record's JSON Schema, here because the member operations show the account too (one title, one object). */
export const advertiserAccountRecordSchema = recordSchema('AdvertiserAccount', advertiserAccountWire, AdvertiserAccount);

export function toAdvertiserAccountRecord(account: AdvertiserAccount, ctx: RequestContext): Record<string, unknown> {
  return advertiserAccountWire.toRecord(account, { organization_code: ctx.organisationCode });
}
