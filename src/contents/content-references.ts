import { OrganisationUser } from '../organisation-users/organisation-user.entity';
import { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { needsCheck, type Reference } from '../reference-libraries/reference-checks';
import type { Content } from './content.entity';

/**
 * What a content write names that must exist in this workspace: its editor (a user) and its
 * publisher title. Only values that are set and changed are checked; `current` is null on create.
 */
export function contentReferences(values: Pick<Partial<Content>, 'contentEditorId' | 'publisherTitleId'>, current: Content | null): Reference[] {
  const references: Reference[] = [];
  if (needsCheck(values.contentEditorId, current?.contentEditorId)) {
    references.push({ path: 'contentEditorId', id: values.contentEditorId, entity: OrganisationUser, describe: 'a user of this workspace' });
  }
  if (needsCheck(values.publisherTitleId, current?.publisherTitleId)) {
    references.push({ path: 'publisherTitleId', id: values.publisherTitleId, entity: PublisherTitle, describe: 'a publisher title of this workspace' });
  }
  return references;
}
