/**
 * Part of the composition root (src/app/): every record type `node(id:)` and `nodes(ids:)` reach,
 * each declared by its resource. A type implementing `Node` without a source here fails the suite
 * (test/graphql/node.test.ts).
 */
import { advertiserAccountNode } from '../advertiser-accounts/advertiser-account.graphql';
import { apiKeyNode } from '../api-keys/api-key.resolver';
import { campaignNode } from '../campaigns/campaign.graphql';
import { contentNode } from '../contents/content.graphql';
import { distributionNodes } from '../distributions/distribution.graphql';
import { eventNode } from '../events/event.graphql';
import type { NodeSource } from '../graphql/node-resolver';
import { memberNode } from '../members/member.graphql';
import { userNode } from '../organisation-users/organisation-user.graphql';
import { organisationNode } from '../organisations/organisation.resolver';
import { phaseNode } from '../phases/phase.graphql';
import { publisherNodes } from '../publisher-profiles/publisher-profile.graphql';
import { webhookNodes } from '../webhooks/webhook.graphql';

export const NODE_SOURCES: readonly NodeSource[] = [
  organisationNode,
  apiKeyNode,
  userNode,
  advertiserAccountNode,
  memberNode,
  campaignNode,
  phaseNode,
  contentNode,
  ...distributionNodes,
  ...publisherNodes,
  ...webhookNodes,
  eventNode,
];
