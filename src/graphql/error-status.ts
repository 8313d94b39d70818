import { errorAnswerOf } from '../common/error-answers';
import type { ErrorCode } from '../common/error-codes';

/**
 * The GraphQL face: the HTTP status of an answer refused as a whole with this top-level
 * `extensions.code`. An error raised while executing (a resolver's NOT_FOUND, say) sits beside
 * `data` in a 200 instead; mutations report their expected refusals as `userErrors`.
 */
export function graphqlHttpStatusOf(code: ErrorCode): number {
  const answer = errorAnswerOf(code);
  return answer.graphqlStatus ?? answer.status;
}
