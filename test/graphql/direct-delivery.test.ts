import type { ExecutionResult } from 'graphql';
import { type CallbackSource, DirectResultStream, type SourceCallback } from '../../src/graphql/subscriptions/direct-delivery';
import { answerFor, SharedAnswer } from '../../src/graphql/subscriptions/shared-answers';

/**
 * Direct delivery's ordering rules, on a stream of plain values: results without errors go to
 * `send` in event order; a result with errors goes to the transport's loop (`next`), and nothing
 * after it is sent until the transport asks again; a send that must wait holds the next event; a
 * failing source ends with its error as the last result.
 */
class Source implements CallbackSource<string> {
  private readonly waiting: string[] = [];
  private later: SourceCallback<string> | undefined;
  private failure: Error | undefined;
  ended = false;

  push(event: string): void {
    const later = this.later;
    this.later = undefined;
    if (later) later.step({ done: false, value: event });
    else this.waiting.push(event);
  }

  fail(error: Error): void {
    const later = this.later;
    this.later = undefined;
    if (later) later.fail(error);
    else this.failure = error;
  }

  nextNowOr(later: SourceCallback<string>): IteratorResult<string> | undefined {
    if (this.failure) throw this.failure;
    const event = this.waiting.shift();
    if (event !== undefined) return { done: false, value: event };
    this.later = later;
    return undefined;
  }

  next(): Promise<IteratorResult<string>> {
    throw new Error('direct delivery pulls with nextNowOr only');
  }

  async return(): Promise<IteratorResult<string>> {
    this.ended = true;
    return { done: true, value: undefined };
  }
}

/** An event named `error…` answers with an error; any other, with its name as data. */
function answerOf(event: unknown): SharedAnswer {
  const name = String(event);
  const result: ExecutionResult = name.startsWith('error') ? { errors: [] } : { data: { name } };
  return new SharedAnswer(Promise.resolve(result));
}

function setUp(send?: (payload: string) => void | Promise<void>) {
  const source = new Source();
  const sent: string[] = [];
  const stream = new DirectResultStream(source, answerOf, (payload) => {
    sent.push(JSON.parse(payload.toString()).data.name);
    return send?.(payload.toString());
  });
  return { source, sent, stream };
}

const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

it('sends results without errors in event order, and waits for the transport to ask before starting', async () => {
  const { source, sent, stream } = setUp();
  source.push('one');
  await settled();
  expect(sent).toEqual([]);
  const asked = stream.next();
  source.push('two');
  source.push('three');
  await settled();
  expect(sent).toEqual(['one', 'two', 'three']);
  await stream.return();
  await expect(asked).resolves.toEqual({ done: true, value: undefined });
  expect(source.ended).toBe(true);
});

it('hands a result with errors to the transport, and sends nothing after it until the transport asks again', async () => {
  const { source, sent, stream } = setUp();
  const first = stream.next();
  source.push('one');
  source.push('error two');
  source.push('three');
  await expect(first).resolves.toEqual({ done: false, value: { errors: [] } });
  await settled();
  expect(sent).toEqual(['one']);
  const second = stream.next();
  await settled();
  expect(sent).toEqual(['one', 'three']);
  await stream.return();
  await expect(second).resolves.toEqual({ done: true, value: undefined });
});

it('holds the next event while a send waits (a backed-up socket)', async () => {
  let release!: () => void;
  const { source, sent, stream } = setUp((payload) => (payload.includes('one') ? new Promise<void>((resolve) => (release = resolve)) : undefined));
  void stream.next();
  source.push('one');
  source.push('two');
  await settled();
  expect(sent).toEqual(['one']);
  release();
  await settled();
  expect(sent).toEqual(['one', 'two']);
  await stream.return();
});

it('ends with the source failure as the last result (a slow consumer, say)', async () => {
  const { source, sent, stream } = setUp();
  const asked = stream.next();
  source.push('one');
  await settled();
  source.fail(new Error('More than 1000 events waited'));
  const last = await asked;
  expect(last.done).toBe(false);
  expect((last.value as ExecutionResult).errors?.[0].message).toBe('More than 1000 events waited');
  await expect(stream.next()).resolves.toEqual({ done: true, value: undefined });
  expect(sent).toEqual(['one']);
  expect(source.ended).toBe(true);
});

it('tells every subscriber waiting for one shared answer, in the order they asked', async () => {
  let resolve!: (result: ExecutionResult) => void;
  const answer = new SharedAnswer(new Promise<ExecutionResult>((done) => (resolve = done)));
  const order: number[] = [];
  for (const index of [1, 2, 3]) answer.wait({ answered: () => order.push(index) });
  expect(answer.settled).toBe(false);
  resolve({ data: { name: 'shared' } });
  await settled();
  expect(order).toEqual([1, 2, 3]);
  expect(answer.payload.toString()).toBe('{"data":{"name":"shared"}}');
});

it('computes one answer per event and share key, whatever order subscribers ask in; none without a key', () => {
  const executions: string[] = [];
  const execute = (event: unknown): Promise<ExecutionResult> => {
    executions.push((event as { name: string }).name);
    return Promise.resolve({ data: event as Record<string, unknown> });
  };
  const [first, second] = [{ name: 'first' }, { name: 'second' }];
  const a = answerFor(first, 'a', execute);
  // Equal keys need not be the same string: each subscription builds its own.
  expect(answerFor(first, ['a'].join(''), execute)).toBe(a);
  const b = answerFor(first, 'b', execute);
  expect(b).not.toBe(a);
  expect(answerFor(first, 'a', execute)).toBe(a);
  const secondA = answerFor(second, 'a', execute);
  expect(secondA).not.toBe(a);
  expect(answerFor(first, 'b', execute)).toBe(b);
  expect(answerFor(second, 'a', execute)).toBe(secondA);
  expect(answerFor(first, undefined, execute)).not.toBe(answerFor(first, undefined, execute));
  expect(executions).toEqual(['first', 'first', 'second', 'first', 'first']);
});
