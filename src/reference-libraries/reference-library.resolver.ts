import { RequiresScope } from '../graphql/scopes/requires-scope';
import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { ReferenceLibraryType } from './reference-library.graphql';

@Resolver(() => ReferenceLibraryType)
export class ReferenceLibraryResolver {
  @RequiresScope('key')
  @Query(() => [ReferenceLibraryType], { description: 'Reference libraries by name (all when `names` is omitted); an unknown name is NOT_FOUND.' })
  async referenceLibraries(
    @Ctx() { services }: GraphQLContext,
    @Arg('names', () => [String], {
      nullable: true,
      description: 'Library names (`distribution-types`, `link-types`, `brand-industries`…), answered in this order; omit or null for every library, in the order of `GET /v2/libraries`.',
    })
    names?: string[] | null,
  ): Promise<ReferenceLibraryType[]> {
    return services.referenceLibraries.many(names ?? undefined);
  }
}
