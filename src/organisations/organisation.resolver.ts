import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { Organisation } from './organisation.entity';

@Resolver(() => Organisation)
export class OrganisationResolver {
  @RequiresScope('key')
  @Query(() => Organisation, { description: 'The workspace (organisation) of the API key.' })
  async organisation(@Ctx() { request, services }: GraphQLContext): Promise<Organisation> {
    return services.organisations.current(request);
  }
}
