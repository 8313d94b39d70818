import { registerEnumType } from 'type-graphql';

/** v2 `role_type` integers of an organisation user (spec §2.3). */
export enum RoleType {
  CAMPAIGN_MANAGER = 1,
  CONTENT_EDITOR = 2,
}

export const ROLE_NAMES: Readonly<Record<RoleType, string>> = {
  [RoleType.CAMPAIGN_MANAGER]: 'Campaign Manager',
  [RoleType.CONTENT_EDITOR]: 'Content Editor',
};

export const ROLE_TYPES = [RoleType.CAMPAIGN_MANAGER, RoleType.CONTENT_EDITOR] as const;

registerEnumType(RoleType, {
  name: 'RoleType',
  description: 'What an organisation user does in the workspace. v2 carries the integer in parentheses.',
  valuesConfig: {
    CAMPAIGN_MANAGER: { description: '1: Campaign Manager.' },
    CONTENT_EDITOR: { description: '2: Content Editor.' },
  },
});
