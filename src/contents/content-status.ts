import { registerEnumType } from 'type-graphql';
import { StatusMachine } from '../common/status-machine';

/** v2 content `status` integers (sent as a string on update, returned as an integer). Ours: docs/decisions.md. */
export enum ContentStatus {
  DRAFT = 1,
  IN_REVIEW = 2,
  CHANGES_REQUESTED = 3,
  APPROVED = 4,
  LIVE = 5,
  ARCHIVED = 6,
}

/** Written, reviewed (possibly more than once), approved, published; archived is final. */
export const contentStatuses = new StatusMachine<ContentStatus>(
  { 1: 'draft', 2: 'in review', 3: 'changes requested', 4: 'approved', 5: 'live', 6: 'archived' },
  {
    [ContentStatus.DRAFT]: [ContentStatus.IN_REVIEW, ContentStatus.ARCHIVED],
    [ContentStatus.IN_REVIEW]: [ContentStatus.CHANGES_REQUESTED, ContentStatus.APPROVED, ContentStatus.ARCHIVED],
    [ContentStatus.CHANGES_REQUESTED]: [ContentStatus.IN_REVIEW, ContentStatus.ARCHIVED],
    [ContentStatus.APPROVED]: [ContentStatus.LIVE, ContentStatus.CHANGES_REQUESTED, ContentStatus.ARCHIVED],
    [ContentStatus.LIVE]: [ContentStatus.ARCHIVED],
    [ContentStatus.ARCHIVED]: [],
  },
  [ContentStatus.DRAFT, ContentStatus.IN_REVIEW],
);

registerEnumType(ContentStatus, {
  name: 'ContentStatus',
  description: 'Lifecycle of a content piece. v2 carries the integer in parentheses.',
  valuesConfig: {
    DRAFT: { description: '1: being written.' },
    IN_REVIEW: { description: '2: submitted for approval.' },
    CHANGES_REQUESTED: { description: '3: returned to the editor with changes to make.' },
    APPROVED: { description: '4: approved; ready to publish.' },
    LIVE: { description: '5: published.' },
    ARCHIVED: { description: '6: withdrawn for good (final).' },
  },
});
