import { integerToString, WireShape } from '../common/wire-shape';
import type { Member } from './member.entity';

/**
 * The v2 member record: the §2.5 create fields in their order (the password only inbound), then
 * id and timestamps. `advertiser_account_id` is a string both ways, as the spec sends it.
 */
export const memberWire = new WireShape([
  { wire: 'id', readOnly: true },
  { wire: 'advertiser_account_id', toWire: integerToString },
  'email',
  'first_name',
  'last_name',
  'contact_number',
  'staff_title',
  'photo',
  'active',
  { wire: 'password', writeOnly: true },
  { wire: 'deleted_at', readOnly: true },
  { wire: 'created_at', readOnly: true },
  { wire: 'updated_at', readOnly: true },
]);

export function toMemberRecord(member: Member): Record<string, unknown> {
  return memberWire.toRecord(member);
}
