import type { ErrorSink } from './validation';

/**
 * An integer status with named values, the statuses a record may be created in and the moves
 * allowed from each. Staying in the same status is always allowed (a no-op).
 */
export class StatusMachine<S extends number> {
  readonly values: readonly S[];

  constructor(
    private readonly names: Readonly<Record<S, string>>,
    private readonly transitions: Readonly<Record<S, readonly S[]>>,
    readonly initial: readonly S[],
  ) {
    this.values = (Object.keys(names).map(Number) as S[]).sort((a, b) => a - b);
  }

  name(status: number): string {
    return (this.names as Record<number, string>)[status] ?? String(status);
  }

  describe(statuses: readonly S[] = this.values): string {
    return statuses.map((status) => `${status} (${this.name(status)})`).join(', ');
  }

  /** The validation message for a value outside the enumeration. */
  get valuesMessage(): string {
    return `must be one of ${this.describe()}`;
  }

  /** Null when a record may be created in `status`; otherwise the reason. */
  initialProblem(status: S): string | null {
    return this.initial.includes(status) ? null : `must be ${this.describe(this.initial).replace(/, ([^,]*)$/, ' or $1')} when created`;
  }

  /** Null when the move is allowed; otherwise the reason, naming the allowed moves. */
  transitionProblem(from: S, to: S): string | null {
    if (from === to || this.transitions[from].includes(to)) return null;
    const allowed = this.transitions[from];
    const next = allowed.length ? this.describe(allowed) : `none: ${this.name(from)} is final`;
    return `cannot change from ${from} (${this.name(from)}) to ${to} (${this.name(to)}); allowed: ${next}`;
  }

  checkInitial(errors: ErrorSink, field: string, status: S): void {
    const problem = this.initialProblem(status);
    if (problem) errors.add(field, problem);
  }

  checkTransition(errors: ErrorSink, field: string, from: S, to: S | undefined): void {
    const problem = to === undefined ? null : this.transitionProblem(from, to);
    if (problem) errors.add(field, problem);
  }
}
