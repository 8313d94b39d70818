import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { NotFoundError, ValidationFailedError } from '../common/errors';

export enum UserErrorCode {
  BAD_USER_INPUT = 'BAD_USER_INPUT',
  NOT_FOUND = 'NOT_FOUND',
}
registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'Why a mutation was refused. The same conditions are 422 and 404 on REST.',
  valuesConfig: {
    BAD_USER_INPUT: { description: 'A field breaks a rule; nothing was changed.' },
    NOT_FOUND: { description: 'The id names nothing in this workspace; nothing was changed.' },
  },
});

@ObjectType({ description: 'An expected failure of a mutation (Shopify style): nothing was changed.' })
export class UserError {
  @Field(() => [String], { nullable: true, description: 'Path to the offending argument, e.g. ["input", "campaignTitle"].' })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => UserErrorCode)
  code!: UserErrorCode;
}

export interface MutationOutcome<T> {
  result: T | null;
  userErrors: UserError[];
}

function path(prefix: string, propertyPath: string): string[] {
  return [prefix, ...propertyPath.split('.')];
}

/**
 * Runs a mutation's service call and turns expected refusals into `userErrors`; anything else
 * propagates as a top-level error. Fields named `id` sit at the root of the arguments.
 */
export async function attempt<T>(run: () => Promise<T>): Promise<MutationOutcome<T>> {
  try {
    return { result: await run(), userErrors: [] };
  } catch (error) {
    if (error instanceof NotFoundError) {
      return { result: null, userErrors: [{ field: ['id'], message: error.message, code: UserErrorCode.NOT_FOUND }] };
    }
    if (error instanceof ValidationFailedError) {
      const userErrors = Object.entries(error.fieldErrors).flatMap(([property, messages]) =>
        messages.map((message) => ({
          field: property === 'id' ? ['id'] : path('input', property),
          message: `${property.split('.').at(-1)} ${message}`,
          code: UserErrorCode.BAD_USER_INPUT,
        })),
      );
      return { result: null, userErrors };
    }
    throw error;
  }
}
