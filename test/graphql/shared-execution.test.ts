import { type ExecutionResult, GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { type ResultStream, sharedSubscribe } from '../../src/graphql/subscriptions/shared-execution';

/**
 * A subscription's results through sharedSubscribe, on a plain async iterator of events (the event
 * hub's own source is tested through it in test/graphql/direct-delivery.test.ts and end to end):
 * results without errors go to the transport's direct send in event order, each serialised once per
 * shared answer; without a direct send, every result goes through the transport's loop;
 * a result with errors goes to the transport's loop (`next`), and nothing after it is sent until
 * the transport asks again; a send that must wait holds the next event; a failing source ends with
 * its error as the last result; subscriptions with equal keys share one execution per event.
 */
class Source implements AsyncIterator<{ name: string }> {
  private readonly waiting: { name: string }[] = [];
  private pending:
    | {
        resolve(step: IteratorResult<{ name: string }>): void;
        reject(error: unknown): void;
      }
    | undefined;
  ended = false;

  push(name: string): void {
    this.offer({ name });
  }

  /** Gives the source this very event object (the hub offers one object to all its subscribers). */
  offer(event: { name: string }): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) pending.resolve({ done: false, value: event });
    else this.waiting.push(event);
  }

  fail(error: Error): void {
    this.pending?.reject(error);
    this.pending = undefined;
  }

  next(): Promise<IteratorResult<{ name: string }>> {
    const event = this.waiting.shift();
    if (event) return Promise.resolve({ done: false, value: event });
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }

  async return(): Promise<IteratorResult<{ name: string }>> {
    this.ended = true;
    this.pending?.resolve({ done: true, value: undefined });
    return { done: true, value: undefined };
  }
}

/** The field's resolver runs: an event named `error…` answers with an error; any other, with its name. */
let executions: string[] = [];

function schemaOver(sources: Source[]): GraphQLSchema {
  let subscribed = 0;
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { unused: { type: GraphQLString } },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        name: {
          type: GraphQLString,
          subscribe: () => ({
            [Symbol.asyncIterator]: () => sources[subscribed++],
          }),
          resolve: (event: { name: string }) => {
            executions.push(event.name);
            if (event.name.startsWith('error')) throw new Error(event.name);
            return event.name;
          },
        },
      },
    }),
  });
}

interface Subscription {
  source: Source;
  sent: string[];
  stream: ResultStream;
}

async function subscribe(count: number, send?: (payload: Buffer) => void | Promise<void>, key?: string, direct = true): Promise<Subscription[]> {
  const sources = Array.from({ length: count }, () => new Source());
  const schema = schemaOver(sources);
  const sents = sources.map(() => [] as string[]);
  const contexts = sources.map((_, index) => ({ index }));
  const run = sharedSubscribe<{ index: number }>({
    contextForEvent: (base) => base,
    shareKeyOf: () => key,
    directSendOf: (base) =>
      direct
        ? (payload) => {
            sents[base.index].push((JSON.parse(payload.toString()) as { data: { name: string } }).data.name);
            return send?.(payload);
          }
        : undefined,
  });
  const document = parse('subscription { name }');
  const streams = await Promise.all(contexts.map((contextValue) => run({ schema, document, contextValue })));
  return sources.map((source, index) => ({
    source,
    sent: sents[index],
    stream: streams[index] as ResultStream,
  }));
}

const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  executions = [];
});

it('sends results without errors in event order, and waits for the transport to ask before starting', async () => {
  const [{ source, sent, stream }] = await subscribe(1);
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
  const [{ source, sent, stream }] = await subscribe(1);
  const first = stream.next();
  source.push('one');
  source.push('error two');
  source.push('three');
  const step = await first;
  expect(step.done).toBe(false);
  expect((step.value as ExecutionResult).errors?.[0].message).toBe('error two');
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
  const [{ source, sent, stream }] = await subscribe(1, (payload) => (payload.toString().includes('one') ? new Promise<void>((resolve) => (release = resolve)) : undefined));
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

it("without a direct send (graphql-sse), yields every result through the transport's loop, in event order", async () => {
  const [{ source, sent, stream }] = await subscribe(1, undefined, undefined, false);
  source.push('one');
  source.push('error two');
  source.push('three');
  const names = [];
  for (let i = 0; i < 3; i += 1) {
    const { value } = await stream.next();
    names.push((value as ExecutionResult).data?.name ?? (value as ExecutionResult).errors?.[0].message);
  }
  expect(names).toEqual(['one', 'error two', 'three']);
  expect(sent).toEqual([]);
  await stream.return();
  expect(source.ended).toBe(true);
});

it('ends with the source failure as the last result (a slow consumer, say)', async () => {
  const [{ source, sent, stream }] = await subscribe(1);
  const asked = stream.next();
  source.push('one');
  await settled();
  source.fail(new Error('More than 1000 events waited'));
  const last = await asked;
  expect(last.done).toBe(false);
  expect((last.value as ExecutionResult).errors?.[0].message).toBe('More than 1000 events waited');
  await expect(stream.next()).resolves.toEqual({
    done: true,
    value: undefined,
  });
  expect(sent).toEqual(['one']);
  expect(source.ended).toBe(true);
});

it('executes an event once for every subscription sharing its key, each sending the same text', async () => {
  const payloads: string[] = [];
  const subscriptions = await subscribe(3, (payload) => void payloads.push(payload.toString()), 'shared');
  for (const { stream } of subscriptions) void stream.next();
  // One event object offered to all, as the hub does.
  const event = { name: 'shared' };
  for (const { source } of subscriptions) source.offer(event);
  for (const { source } of subscriptions) source.push('next');
  await settled();
  expect(subscriptions.map(({ sent }) => sent)).toEqual([
    ['shared', 'next'],
    ['shared', 'next'],
    ['shared', 'next'],
  ]);
  expect(executions.filter((name) => name === 'shared')).toEqual(['shared']);
  expect(payloads.filter((payload) => payload.includes('"shared"'))).toEqual(Array(3).fill('{"data":{"name":"shared"}}'));
  for (const { stream } of subscriptions) await stream.return();
});
