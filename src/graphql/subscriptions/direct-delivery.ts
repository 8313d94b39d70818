import type { ExecutionResult } from 'graphql';
import type { SharedAnswer } from './shared-answer';
import { lastResult, type ResultStream, resultStreamOf } from './result-stream';

/**
 * Sends one result to the subscriber (graphql-ws: the `next` message, written to the socket).
 * A promise when the next must wait (the socket is backed up, or had its share of this turn).
 * It does not throw for a closed socket; anything it throws ends the subscription.
 */
export type DirectSend = (result: ExecutionResult) => void | Promise<void>;

/**
 * A source of events that can hand a live event to its consumer at once, while the consumer
 * waits for its next event, instead of resolving that wait (src/events/stream/event-subscription.ts).
 * `take` answers whether it took the event; an event it leaves comes through `next` as usual.
 */
export interface DirectSource extends AsyncIterator<unknown> {
  deliverDirectly(take: (event: unknown) => boolean): void;
}

export function isDirectSource(events: AsyncIterator<unknown>): events is DirectSource {
  return typeof (events as Partial<DirectSource>).deliverDirectly === 'function';
}

/**
 * A subscription whose results go to `send` rather than through the transport's message loop.
 * A live event offered while the subscriber is idle is taken at once (`take`): sent in the hub's
 * own loop when its shared answer is already computed, else by the reaction that computes it. The
 * rest (events read while catching up, events that waited because the subscriber was busy) go
 * through `next`, which waits for what was taken before, so the order is the stream's. `next`
 * resolves only at the end: with done, or with the error that ended the source (a slow consumer),
 * which the transport sends as the last result.
 */
export function directResultStream(events: DirectSource, answerFor: (event: unknown) => SharedAnswer, send: DirectSend): ResultStream {
  const end = { done: false };
  /** Taken, its answer still being computed: the next event waits for it. */
  let awaiting: SharedAnswer | undefined;
  /** The last send asked the next to wait. */
  let sendWait: Promise<void> | undefined;
  let failure: unknown;

  const fail = (error: unknown): void => {
    failure ??= error;
    void events.return?.();
  };
  const deliver = (result: ExecutionResult): void => {
    if (end.done) return;
    try {
      const wait = send(result);
      if (wait) {
        const clear = (): void => {
          if (sendWait === waiting) sendWait = undefined;
        };
        const waiting: Promise<void> = wait.then(clear, (error: unknown) => {
          clear();
          fail(error);
        });
        sendWait = waiting;
      }
    } catch (error) {
      fail(error);
    }
  };
  const receive = (result: ExecutionResult): void => {
    awaiting = undefined;
    deliver(result);
  };

  events.deliverDirectly((event) => {
    if (end.done || awaiting || sendWait || failure !== undefined) return false;
    const answer = answerFor(event);
    if (answer.result) deliver(answer.result);
    else {
      awaiting = answer;
      answer.whenComputed(receive);
    }
    return true;
  });

  const ended = (): IteratorResult<ExecutionResult> => {
    end.done = true;
    if (failure === undefined) return { done: true, value: undefined };
    const last = lastResult(failure);
    failure = undefined;
    return last;
  };

  return resultStreamOf(events, end, async () => {
    for (;;) {
      const step = await events.next();
      if (step.done || end.done) return ended();
      if (awaiting) await awaiting.computed;
      if (sendWait) await sendWait;
      const answer = answerFor(step.value);
      deliver(answer.result ?? (await answer.computed));
      if (sendWait) await sendWait;
    }
  });
}
