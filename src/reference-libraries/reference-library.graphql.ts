import { Field, Int, ObjectType } from 'type-graphql';

/**
 * No `id`: codes restart at 1 in every library, and a client cache normalising by type and `id`
 * (Apollo Client's InMemoryCache) would merge the entries of different libraries. An entry is
 * kept inside its library instead.
 */
@ObjectType('ReferenceLibraryEntry', { simpleResolvers: true, description: 'One entry of a reference library.' })
export class ReferenceLibraryEntryType {
  @Field(() => Int, { name: 'code', simple: false, description: 'The code the referring field carries (`distributionTypeId`, `linkType`, `brandIndustryId`…); v2 calls it `id`. Unique within its library only.' })
  id!: number;

  @Field({ description: 'What the code means.' }) name!: string;

  @Field(() => Int, { name: 'parentCode', simple: false, nullable: true, description: "The parent library's entry (a sub-industry's brand industry); null in libraries without parents." })
  parentId!: number | null;
}

@ObjectType('ReferenceLibrary', { simpleResolvers: true, description: 'A global, read-only list the integer codes of the API point at.' })
export class ReferenceLibraryType {
  @Field({ description: 'Name as in `GET /v2/libraries/{name}`, e.g. "distribution-types".' }) name!: string;
  @Field({ description: 'Which field carries its codes.' }) description!: string;
  @Field(() => [ReferenceLibraryEntryType], { description: 'Every entry, by code.' }) entries!: ReferenceLibraryEntryType[];
}
