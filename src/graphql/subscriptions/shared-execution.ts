import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { type DirectSend, directResultStream, isDirectSource } from './direct-delivery';
import { type ResultStream, resultStreamOf } from './result-stream';
import { SharedAnswer } from './shared-answer';

export type { DirectSend } from './direct-delivery';
export type { ResultStream } from './result-stream';

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
   * Where the transport can take results itself (graphql-ws: the `next` message written straight
   * to the socket), they go there instead of through the transport's own loop (direct-delivery.ts);
   * undefined: every result is yielded.
   */
  directSendOf?(base: C): DirectSend | undefined;
}

/** Per source event, the answers computed for it, by share key; gone with the event. */
const answers = new WeakMap<object, Map<string, SharedAnswer>>();

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
    const answerFor = (event: unknown): SharedAnswer => {
      const answer = (): SharedAnswer => new SharedAnswer(() => execute({ ...args, rootValue: event, contextValue: options.contextForEvent(base) }));
      if (key === undefined || typeof event !== 'object' || event === null) return answer();
      let byKey = answers.get(event);
      if (!byKey) answers.set(event, (byKey = new Map()));
      let shared = byKey.get(key);
      if (!shared) byKey.set(key, (shared = answer()));
      return shared;
    };
    const send = options.directSendOf?.(base);
    if (send && isDirectSource(events)) return directResultStream(events, answerFor, send);
    return resultStream(events, (event) => answerFor(event).computed);
  };
}

/** The results of a subscription's events, in order, each yielded to the transport's loop. */
function resultStream(events: AsyncIterator<unknown>, run: (event: unknown) => Promise<ExecutionResult>): ResultStream {
  const end = { done: false };
  return resultStreamOf(events, end, async () => {
    const step = await events.next();
    if (step.done) {
      end.done = true;
      return { done: true, value: undefined };
    }
    return { done: false, value: await run(step.value) };
  });
}
