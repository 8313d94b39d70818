import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId } from '../graphql/loader-kit';
import type { OrganisationUser } from './organisation-user.entity';

export interface OrganisationUserLoaders {
  userById: DataLoader<number, OrganisationUser | null>;
}

export function organisationUserLoaders(services: Services, ctx: RequestContext): OrganisationUserLoaders {
  return { userById: byId((ids: readonly number[]) => services.organisationUsers.findByIds(ctx, ids)) };
}
