import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ErrorCode } from '../common/error-codes';
import { fieldLabel, NotFoundError, ValidationFailedError } from '../common/errors';

/** The codes of the catalogue (src/common/error-codes.ts) a mutation reports as `userErrors`. */
export enum UserErrorCode {
  BAD_USER_INPUT = ErrorCode.BAD_USER_INPUT,
  NOT_FOUND = ErrorCode.NOT_FOUND,
}
registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'Why a mutation was refused. The same conditions are 422 and 404 on REST.',
  valuesConfig: {
    BAD_USER_INPUT: { description: 'A field breaks a rule; nothing was changed.' },
    NOT_FOUND: { description: 'The id names nothing in this workspace; nothing was changed.' },
  },
});

@ObjectType({ simpleResolvers: true, description: 'An expected failure of a mutation (Shopify style): nothing was changed.' })
export class UserError {
  @Field(() => [String], { nullable: true, description: 'Path to the offending argument, e.g. ["input", "campaignTitle"].' })
  field!: string[] | null;

  @Field({ description: 'What is wrong, starting with the field name (e.g. "campaignTitle is required").' })
  message!: string;

  @Field(() => UserErrorCode, { description: 'BAD_USER_INPUT when a rule is broken, NOT_FOUND when an id names nothing in this workspace.' })
  code!: UserErrorCode;
}

export interface MutationOutcome<T> {
  result: T | null;
  userErrors: UserError[];
}

/** How a mutation's arguments are named, so user errors point at the argument a client sent. */
export interface ArgumentNames {
  /** The argument holding the fields (`input`), or null when service fields are arguments themselves. */
  fields: string | null;
  /** The argument naming the record the mutation acts on, reported on NOT_FOUND (a dotted path when it sits inside `input`). */
  id: string;
}

const SHOPIFY_STYLE: ArgumentNames = { fields: 'input', id: 'id' };

function fieldPath(names: ArgumentNames, propertyPath: string): string[] {
  if (propertyPath === names.id) return [names.id];
  const segments = propertyPath.split('.');
  return names.fields === null ? segments : [names.fields, ...segments];
}

/**
 * Runs a mutation's service call and turns expected refusals into `userErrors`; anything else
 * propagates as a top-level error.
 */
export async function attempt<T>(run: () => Promise<T>, names: ArgumentNames = SHOPIFY_STYLE): Promise<MutationOutcome<T>> {
  try {
    return { result: await run(), userErrors: [] };
  } catch (error) {
    if (error instanceof NotFoundError) {
      return { result: null, userErrors: [{ field: names.id.split('.'), message: error.message, code: UserErrorCode.NOT_FOUND }] };
    }
    if (error instanceof ValidationFailedError) {
      const userErrors = Object.entries(error.fieldErrors).flatMap(([property, messages]) =>
        messages.map((message) => ({
          field: fieldPath(names, property),
          message: `${fieldLabel(property)} ${message}`,
          code: UserErrorCode.BAD_USER_INPUT,
        })),
      );
      return { result: null, userErrors };
    }
    throw error;
  }
}
