import type { ExecutionResult } from 'graphql';

/** Told when an answer is ready (or failed): a subscription waiting to send it. */
export interface AnswerWaiter {
  answered(answer: SharedAnswer): void;
}

/**
 * One event's answer to one operation, computed once for every subscription sharing it. Whoever
 * needs it reads `result` when it is there, or waits: a waiter is told from one reaction to the
 * execution's promise, so a thousand subscribers waiting cost one promise job, not a thousand.
 */
export class SharedAnswer {
  result: ExecutionResult | undefined;
  failure: unknown;
  private bytes: Buffer | undefined;
  private waiters: AnswerWaiter[] | undefined;
  readonly promise: Promise<ExecutionResult>;

  constructor(execution: Promise<ExecutionResult>) {
    this.promise = execution;
    execution.then(
      (result) => {
        this.result = result;
        this.tell();
      },
      (error: unknown) => {
        this.failure = error ?? new Error('the execution failed');
        this.tell();
      },
    );
  }

  get settled(): boolean {
    return this.result !== undefined || this.failure !== undefined;
  }

  /** The result's JSON text in UTF-8, serialised once for all its subscribers. */
  get payload(): Buffer {
    return (this.bytes ??= Buffer.from(JSON.stringify(this.result)));
  }

  /** Tells `waiter` once the answer is settled (it must not be yet). */
  wait(waiter: AnswerWaiter): void {
    (this.waiters ??= []).push(waiter);
  }

  private tell(): void {
    const waiters = this.waiters;
    this.waiters = undefined;
    // A waiter handles its own failures (direct-delivery.ts): one cannot keep the others waiting.
    if (waiters) for (const waiter of waiters) waiter.answered(this);
  }
}

/** Per source event, the answers computed for it, by share key; gone with the event. */
const answers = new WeakMap<object, Map<string, SharedAnswer>>();
/**
 * The answer answerFor found last. It keeps that event, and through `answers` the event's answers
 * for every share key, until another event is asked for: one event's worth at most.
 */
const last: { event: object | undefined; key: string | undefined; answer: SharedAnswer | undefined } = { event: undefined, key: undefined, answer: undefined };

/**
 * The answer to `event` for subscriptions sharing `key`: computed by `execute(event)` the first
 * time it is asked for, then the same. Without a key (or for an event that is not an object) never shared.
 */
export function answerFor(event: unknown, key: string | undefined, execute: (event: unknown) => Promise<ExecutionResult>): SharedAnswer {
  if (key === undefined || typeof event !== 'object' || event === null) return new SharedAnswer(execute(event));
  // A fan-out asks for one event's answer once per subscriber in a row: the last one found is
  // checked first, before the two lookups.
  if (event === last.event && key === last.key) return last.answer!;
  let byKey = answers.get(event);
  if (!byKey) answers.set(event, (byKey = new Map()));
  let answer = byKey.get(key);
  if (!answer) byKey.set(key, (answer = new SharedAnswer(execute(event))));
  last.event = event;
  last.key = key;
  last.answer = answer;
  return answer;
}
