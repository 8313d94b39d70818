import { errorAnswerOf } from '../common/error-answers';
import type { ErrorCode } from '../common/error-codes';

/** Exit status of a failed command (a bad option, an unknown id, a defect): the CLI's contract since its first version. */
export const EXIT_FAILED = 1;
/** sysexits' EX_TEMPFAIL: try again later (the database cannot be reached, or a statement timed out). */
export const EXIT_TEMPORARY_FAILURE = 75;

/** The CLI face: the exit status of a command that failed with this code (src/common/error-answers.ts). */
export function cliExitCodeOf(code: ErrorCode): number {
  return errorAnswerOf(code).temporary ? EXIT_TEMPORARY_FAILURE : EXIT_FAILED;
}
