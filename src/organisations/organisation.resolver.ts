import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { Organisation } from './organisation.entity';

@Resolver(() => Organisation)
export class OrganisationResolver {
  @Query(() => Organisation, { description: 'The workspace (organisation) of the API key.' })
  async organisation(@Ctx() { request, services }: GraphQLContext): Promise<Organisation> {
    return services.organisations.current(request);
  }
}
