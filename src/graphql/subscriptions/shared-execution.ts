import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { callbackSourceOf, DirectResultStream, type DirectSend, type ResultStream } from './direct-delivery';
import { answerFor } from './shared-answers';

export type { DirectSend, ResultStream } from './direct-delivery';

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
    return new DirectResultStream(callbackSourceOf(events), (event) => answerFor(event, key, executeFor), options.directSendOf?.(base));
  };
}
