import { campaignStatuses } from '../campaigns/campaign-status';
import type { StatusMachine } from '../common/status-machine';
import { contentStatuses } from '../contents/content-status';
import { distributionStatuses } from '../distributions/distribution-status';
import { ROLE_NAMES } from '../organisation-users/role-type';

/** A library kept in the `reference_entries` table (seeded by migrations). */
export interface StoredLibrary {
  kind: 'stored';
  name: string;
  description: string;
  /** The library whose ids `parent_id` names, and the v2 field name for it. */
  parent?: { library: string; field: string };
}

/** A library whose entries are the enumeration the code enforces, so the two cannot drift apart. */
export interface CodeLibrary {
  kind: 'code';
  name: string;
  description: string;
  entries: readonly { id: number; name: string }[];
}

export type ReferenceLibraryDefinition = StoredLibrary | CodeLibrary;

function statusEntries<S extends number>(machine: StatusMachine<S>): { id: number; name: string }[] {
  return machine.values.map((id) => ({ id, name: machine.name(id) }));
}

export const DISTRIBUTION_TYPES = 'distribution-types';
export const LINK_TYPES = 'link-types';
export const BRAND_INDUSTRIES = 'brand-industries';
export const BRAND_SUB_INDUSTRIES = 'brand-sub-industries';

/** Every library `GET /v2/libraries/{name}` and `referenceLibraries` serve, in listing order. */
export const REFERENCE_LIBRARIES: readonly ReferenceLibraryDefinition[] = [
  { kind: 'stored', name: DISTRIBUTION_TYPES, description: 'Kinds of placement: `distribution_type_id` of a distribution.' },
  { kind: 'stored', name: LINK_TYPES, description: 'Kinds of link: `primary_link.link_type` of a distribution.' },
  { kind: 'stored', name: BRAND_INDUSTRIES, description: 'Industries of the promoted brand: `brand_industry_id` of a campaign.' },
  {
    kind: 'stored',
    name: BRAND_SUB_INDUSTRIES,
    description: 'Sub-industries: `brand_sub_industry_id` of a campaign; each belongs to one brand industry.',
    parent: { library: BRAND_INDUSTRIES, field: 'brand_industry_id' },
  },
  { kind: 'code', name: 'campaign-statuses', description: '`campaign_status` of a campaign.', entries: statusEntries(campaignStatuses) },
  { kind: 'code', name: 'content-statuses', description: '`status` of a content piece.', entries: statusEntries(contentStatuses) },
  { kind: 'code', name: 'distribution-statuses', description: '`status` of a distribution.', entries: statusEntries(distributionStatuses) },
  {
    kind: 'code',
    name: 'role-types',
    description: '`role_type` of an organisation user role.',
    entries: Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name })),
  },
];

export function findLibrary(name: string): ReferenceLibraryDefinition | undefined {
  return REFERENCE_LIBRARIES.find((library) => library.name === name);
}
