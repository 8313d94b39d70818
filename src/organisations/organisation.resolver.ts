import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import type { NodeSource } from '../graphql/node-resolver';
import { Organisation } from './organisation.entity';

@Resolver(() => Organisation)
export class OrganisationResolver {
  @RequiresScope('key')
  @Query(() => Organisation, { description: 'The workspace (organisation) of the API key.' })
  async organisation(@Ctx() { request, services }: GraphQLContext): Promise<Organisation> {
    return services.organisations.current(request);
  }
}

/** A key reaches its own workspace through `node`, as through `organisation`; any other is an id that names nothing. */
export const organisationNode: NodeSource = {
  typeName: 'Organisation',
  objectType: Organisation,
  scope: 'key',
  idKind: 'integer',
  load: async ({ request, services }, ids) => {
    const organisation = ids.includes(request.organisationId) ? await services.organisations.current(request) : null;
    return ids.map((id) => (id === request.organisationId ? organisation : null));
  },
};
