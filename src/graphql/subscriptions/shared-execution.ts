import { createSourceEventStream, execute, GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';

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

/** Sends one result without errors, given as its JSON text; a promise when the next must wait (the socket is backed up, or had its share of this turn). */
export type DirectSend = (payload: string) => void | Promise<void>;

/** An iterator of results that also ends while it waits for the next event (a generator function could not). */
export interface ResultStream extends AsyncIterableIterator<ExecutionResult> {
  return(): Promise<IteratorResult<ExecutionResult>>;
  throw(error?: unknown): Promise<IteratorResult<ExecutionResult>>;
}

/** Per source event, the answers computed for it, by share key; gone with the event. */
const answers = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();
/** A shared answer's JSON text, serialised once for all its subscribers. */
const payloads = new WeakMap<ExecutionResult, string>();

function payloadOf(result: ExecutionResult): string {
  let payload = payloads.get(result);
  if (payload === undefined) payloads.set(result, (payload = JSON.stringify(result)));
  return payload;
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
    const run = (event: unknown): Promise<ExecutionResult> => {
      const answer = (): Promise<ExecutionResult> => Promise.resolve(execute({ ...args, rootValue: event, contextValue: options.contextForEvent(base) }));
      if (key === undefined || typeof event !== 'object' || event === null) return answer();
      let byKey = answers.get(event);
      if (!byKey) answers.set(event, (byKey = new Map()));
      let shared = byKey.get(key);
      if (!shared) byKey.set(key, (shared = answer()));
      return shared;
    };
    return resultStream(events, run, options.directSendOf?.(base));
  };
}

/**
 * The results of a subscription's events, in order. With `direct`, the results without errors are
 * sent through it here, one after the other, and `next` resolves only with a result that has
 * errors (the transport formats those) or at the end: a thousand subscribers then cost a thousand
 * writes of one shared text per event, not a thousand passes through the transport's message loop
 * (an iterator step, a message object, its validation and serialisation each).
 */
function resultStream(events: AsyncIterator<unknown>, run: (event: unknown) => Promise<ExecutionResult>, direct: DirectSend | undefined): ResultStream {
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
        for (;;) {
          const step = await events.next();
          if (step.done || done) {
            done = true;
            return { done: true, value: undefined };
          }
          const result = await run(step.value);
          if (done) return { done: true, value: undefined };
          if (!direct || result.errors) return { done: false, value: result };
          const sent = direct(payloadOf(result));
          if (sent) await sent;
        }
      } catch (error) {
        await finish();
        const original = error instanceof Error ? error : new Error(String(error));
        return { done: false, value: { errors: [new GraphQLError(original.message, { originalError: original })] } };
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
