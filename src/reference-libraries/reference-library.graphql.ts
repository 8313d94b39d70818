import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('ReferenceLibraryEntry', { description: 'One entry of a reference library.' })
export class ReferenceLibraryEntryType {
  @Field(() => Int, { description: 'The id the referring field carries.' }) id!: number;
  @Field() name!: string;
  @Field(() => Int, { nullable: true, description: 'The parent library entry (a sub-industry\'s brand industry); null in libraries without parents.' })
  parentId!: number | null;
}

@ObjectType('ReferenceLibrary', { description: 'A global, read-only list the integer foreign keys of the API point at.' })
export class ReferenceLibraryType {
  @Field({ description: 'Name as in `GET /v2/libraries/{name}`, e.g. "distribution-types".' }) name!: string;
  @Field() description!: string;
  @Field(() => [ReferenceLibraryEntryType]) entries!: ReferenceLibraryEntryType[];
}
