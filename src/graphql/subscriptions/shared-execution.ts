import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { DirectResultStream, type DirectSend, failureResult, isCallbackSource, type ResultStream } from './direct-delivery';
import { answerFor, type SharedAnswer } from './shared-answers';

export type { DirectSend } from './direct-delivery';

export interface SharedExecutionOptions<C> {
  /** The context one event's execution runs with (so each event reads the records afresh: new loaders). */
  contextForEvent(base: C): C;
  /**
   * Subscriptions whose key is equal get the same answer to the same event: it is computed once
   * for them all. The key must name everything the answer depends on (the operation, its
   * variables, what the caller may see); undefined: never shared.
   */
  shareKeyOf(base: C): string | undefined;
  /**
   * Where the transport can take a result's serialised payload itself (graphql-ws: the `next`
   * message written straight to the socket), the results without errors go there instead of to
   * the transport's own loop; undefined: every result is yielded.
   */
  directSendOf?(base: C): DirectSend | undefined;
}

/**
 * graphql-js's `subscribe`, except that an event's answer is computed once per share key and
 * handed to every subscription with that key (a thousand subscribers of one workspace running the
 * same operation cost one execution per event, not a thousand), and that a failure of the source
 * (a slow consumer, say) is sent as a last result with the error, then the stream ends.
 */
export function sharedSubscribe<C>(options: SharedExecutionOptions<C>) {
  return async (args: ExecutionArgs): Promise<ResultStream | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in (source as object))) return source as ExecutionResult;
    const events = (source as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const base = args.contextValue as C;
    const key = options.shareKeyOf(base);
    const executeFor = (event: unknown): Promise<ExecutionResult> => Promise.resolve(execute({ ...args, rootValue: event, contextValue: options.contextForEvent(base) }));
    const answerOf = (event: unknown): SharedAnswer => answerFor(event, key, executeFor);
    const direct = options.directSendOf?.(base);
    if (direct && isCallbackSource(events)) return new DirectResultStream(events, answerOf, direct);
    return resultStream(events, answerOf);
  };
}

/** The results of a subscription's events, in order, each through the transport's own loop. */
function resultStream(events: AsyncIterator<unknown>, answerOf: (event: unknown) => SharedAnswer): ResultStream {
  let done = false;
  const finish = async (): Promise<IteratorResult<ExecutionResult>> => {
    done = true;
    await events.return?.();
    return { done: true, value: undefined };
  };
  return {
    async next() {
      if (done) return { done: true, value: undefined };
      try {
        const step = await events.next();
        if (step.done || done) {
          done = true;
          return { done: true, value: undefined };
        }
        const result = await answerOf(step.value).promise;
        return done ? { done: true, value: undefined } : { done: false, value: result };
      } catch (error) {
        await finish();
        return { done: false, value: failureResult(error) };
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
