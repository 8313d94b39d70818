import { GraphQLError, type ExecutionResult } from 'graphql';

type Receiver = (result: ExecutionResult) => void;

function failed(error: unknown): ExecutionResult {
  const original = error instanceof Error ? error : new Error(String(error));
  return { errors: [new GraphQLError(original.message, { originalError: original })] };
}

/**
 * One event's answer for one share key (shared-execution.ts): computed once, for every
 * subscription with that key. `result` is there as soon as it is computed; a subscription that
 * takes the event before then registers with `whenComputed` and is given the answer by the one
 * promise reaction that computes it, so a thousand subscribers cost a loop of calls, not a
 * thousand promise chains. `computed` resolves after those calls.
 */
export class SharedAnswer {
  result: ExecutionResult | undefined;
  readonly computed: Promise<ExecutionResult>;
  private receivers: Receiver[] = [];

  constructor(compute: () => ExecutionResult | Promise<ExecutionResult>) {
    let value: ExecutionResult | Promise<ExecutionResult>;
    try {
      value = compute();
    } catch (error) {
      value = failed(error);
    }
    if (!(value instanceof Promise)) {
      this.result = value;
      this.computed = Promise.resolve(value);
      return;
    }
    this.computed = value.then(undefined, failed).then((result) => {
      this.result = result;
      const receivers = this.receivers;
      this.receivers = [];
      for (const receive of receivers) receive(result);
      return result;
    });
  }

  /** Gives `receive` the answer once computed (not now: the caller checks `result` first). */
  whenComputed(receive: Receiver): void {
    this.receivers.push(receive);
  }
}
