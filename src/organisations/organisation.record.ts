import { WireShape } from '../common/wire-shape';
import type { Organisation } from './organisation.entity';

/** `data` of `GET /v2/ws-org` (spec §2.2 shows no fields; docs/decisions.md gives the design). */
export const organisationWire = new WireShape(['id', 'organization_code', 'name', 'created_at', 'updated_at']);

export function toOrganisationRecord(organisation: Organisation): Record<string, unknown> {
  return organisationWire.toRecord(organisation);
}
