import { GraphQLError, type ExecutionResult } from 'graphql';

/** An iterator of results that also ends while it waits for the next event (a generator function could not). */
export interface ResultStream extends AsyncIterableIterator<ExecutionResult> {
  return(): Promise<IteratorResult<ExecutionResult>>;
  throw(error?: unknown): Promise<IteratorResult<ExecutionResult>>;
}

const DONE: IteratorResult<ExecutionResult> = { done: true, value: undefined };

/** The last result of a subscription its source failed (a slow consumer, say): the error, as the transport sends it. */
export function lastResult(error: unknown): IteratorResult<ExecutionResult> {
  const original = error instanceof Error ? error : new Error(String(error));
  return { done: false, value: { errors: [new GraphQLError(original.message, { originalError: original })] } };
}

/**
 * A subscription's results, `step` giving the next: ended (and its source `events` with it) by
 * the transport's `return` or `throw`, or by a failure of `step`, which becomes a last result
 * carrying the error. `end.done` is shared with `step`, which may end the stream itself.
 */
export function resultStreamOf(events: AsyncIterator<unknown>, end: { done: boolean }, step: () => Promise<IteratorResult<ExecutionResult>>): ResultStream {
  const finish = async (): Promise<IteratorResult<ExecutionResult>> => {
    end.done = true;
    await events.return?.();
    return DONE;
  };
  return {
    async next() {
      if (end.done) return DONE;
      try {
        return await step();
      } catch (error) {
        await finish();
        return lastResult(error);
      }
    },
    return: finish,
    async throw(error?: unknown) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
