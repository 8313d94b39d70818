import { type ExecutionResult, GraphQLError } from 'graphql';
import type { AnswerWaiter, SharedAnswer } from './shared-answers';

/** Sends one result without errors, given as its JSON text in UTF-8; a promise when the next must wait (the socket is backed up, or had its share of this turn). */
export type DirectSend = (payload: Buffer) => void | Promise<void>;

/** Where a source event stream hands a step it did not have when asked. */
export interface SourceCallback<T> {
  step(step: IteratorResult<T>): void;
  fail(error: unknown): void;
}

/**
 * A source event stream that hands its next event without a promise when it can
 * (src/events/stream/event-subscription.ts): at once when one is waiting, otherwise later, through
 * `later`, called by whoever brings it. One call at a time.
 */
export interface CallbackSource<T> extends AsyncIterator<T> {
  nextNowOr(later: SourceCallback<T>): IteratorResult<T> | undefined;
}

function isCallbackSource(source: AsyncIterator<unknown>): source is CallbackSource<unknown> {
  return typeof (source as Partial<CallbackSource<unknown>>).nextNowOr === 'function';
}

/** The source as a CallbackSource: itself if it is one, otherwise each step through its promise. */
export function callbackSourceOf(source: AsyncIterator<unknown>): CallbackSource<unknown> {
  if (isCallbackSource(source)) return source;
  return {
    nextNowOr(later) {
      source.next().then((step) => later.step(step), (error: unknown) => later.fail(error));
      return undefined;
    },
    next: () => source.next(),
    return: source.return && (() => source.return!()),
  };
}

/** An iterator of results that also ends while it waits for the next event (a generator function could not). */
export interface ResultStream extends AsyncIterableIterator<ExecutionResult> {
  return(): Promise<IteratorResult<ExecutionResult>>;
  throw(error?: unknown): Promise<IteratorResult<ExecutionResult>>;
}

const DONE: IteratorResult<ExecutionResult> = { done: true, value: undefined };

/** A failure of the source (a slow consumer, say), as the last result. */
export function failureResult(error: unknown): ExecutionResult {
  const original = error instanceof Error ? error : new Error(String(error));
  return { errors: [new GraphQLError(original.message, { originalError: original })] };
}

/**
 * A subscription's results, on both transports. With `send` (graphql-ws), those without errors
 * are sent through it as they come, and nothing else per event: the source hands an event
 * synchronously to an idle subscription (from the hub's fan-out), the shared answer tells all its
 * waiting subscriptions from one reaction (shared-answers.ts), and the payload's text is
 * serialised once. A thousand subscribers thus cost a thousand writes of one text per event, and
 * no promise each. The transport's own loop (`next`) then sees only the results with errors, which
 * it formats and sends itself (the stream pauses until it asks for the next), and the end. Without
 * `send` (graphql-sse), every result goes to the transport's loop that way, one per `next`.
 */
export class DirectResultStream implements ResultStream, AnswerWaiter, SourceCallback<unknown> {
  private done = false;
  /** Until the transport first asks, and while it has a result with errors it has not sent. */
  private paused = true;
  /** The transport's `next` waiting for a result with errors or the end. */
  private pending: ((step: IteratorResult<ExecutionResult>) => void) | undefined;
  /** What the transport is to be given before anything else. */
  private readonly queue: IteratorResult<ExecutionResult>[] = [];
  private readonly resume = (): void => this.pump();
  private readonly failed = (error: unknown): void => this.fail(error);

  constructor(
    private readonly events: CallbackSource<unknown>,
    private readonly answerOf: (event: unknown) => SharedAnswer,
    private readonly send: DirectSend | undefined,
  ) {}

  next(): Promise<IteratorResult<ExecutionResult>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.done) return Promise.resolve(DONE);
    const asked = new Promise<IteratorResult<ExecutionResult>>((resolve) => (this.pending = resolve));
    if (this.paused) {
      this.paused = false;
      this.pump();
    }
    return asked;
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.end();
    await this.events.return?.();
    return DONE;
  }

  async throw(error?: unknown): Promise<IteratorResult<ExecutionResult>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The source brought the event it did not have when asked. */
  step(step: IteratorResult<unknown>): void {
    try {
      if (this.take(step)) this.pump();
    } catch (error) {
      this.fail(error);
    }
  }

  /** The source failed while it was asked for an event. */
  fail(error: unknown): void {
    if (this.done) return;
    this.hand({ done: false, value: failureResult(error) });
    this.end();
    this.events.return?.().catch(() => undefined);
  }

  /** The answer this stream waited for is settled. */
  answered(answer: SharedAnswer): void {
    try {
      if (this.deliver(answer)) this.pump();
    } catch (error) {
      this.fail(error);
    }
  }

  /** Takes and sends events until it has to wait: for an event, an answer, the socket or the transport. */
  private pump(): void {
    try {
      for (;;) {
        if (this.done || this.paused) return;
        const step = this.events.nextNowOr(this);
        if (!step || !this.take(step)) return;
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** True when the next event can follow at once. */
  private take(step: IteratorResult<unknown>): boolean {
    if (this.done) return false;
    if (step.done) {
      this.end();
      return false;
    }
    const answer = this.answerOf(step.value);
    if (!answer.settled) {
      answer.wait(this);
      return false;
    }
    return this.deliver(answer);
  }

  /** True when the next event can follow at once. */
  private deliver(answer: SharedAnswer): boolean {
    if (this.done) return false;
    if (answer.failure !== undefined) {
      this.fail(answer.failure);
      return false;
    }
    const result = answer.result!;
    if (result.errors || !this.send) {
      this.paused = true;
      this.hand({ done: false, value: result });
      return false;
    }
    const sent = this.send(answer.payload);
    if (!sent) return true;
    sent.then(this.resume, this.failed);
    return false;
  }

  private hand(step: IteratorResult<ExecutionResult>): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) pending(step);
    else this.queue.push(step);
  }

  private end(): void {
    if (this.done) return;
    this.done = true;
    this.hand(DONE);
  }
}
