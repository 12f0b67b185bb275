/**
 * What a compiled rule set evaluates against: the household's facts, its collections, the
 * current item inside a `sum`/`count`, and per-evaluation state (memoised posts and values,
 * the explanation being recorded, notices raised).
 */
import type { Decimal } from '../contract/money.js';
import type { ExtractedFacts, FactRecord } from '../rules/facts.js';
import type { Notice } from '../rules/format/calculation.js';
import type { AmountTrace, ConditionTrace, FigureUse } from '../contract/explanation.js';

export interface EvalState {
  /** Exact amounts per post index, per measure (in the calculation's order); filled on first use. */
  readonly postExact: (readonly Decimal[] | undefined)[];
  /** Rounded amounts per post index, per measure; filled on first use (the result and `sumPosts` read them). */
  readonly postRounded: (readonly Decimal[] | undefined)[];
  readonly valueExact: (Decimal | undefined)[];
  /** Posts (by index) and values (by index after the posts) being computed, to report a cycle instead of overflowing the stack. */
  readonly inProgress: boolean[];
  readonly notices: Notice[];
  /**
   * Memoised `sumPosts` totals, by the slot of their group, measure and roundedness
   * (`ExpressionEnv.sumSlot`): a list, not a map keyed by strings, read several times per evaluation.
   */
  readonly sums: (PostSum | undefined)[];
  /**
   * The keys of remembered amounts made so far, by the slot of the facts they read (see
   * `amountMemo`): amounts that read the same facts share one key per evaluation.
   */
  readonly memoKeys: (number | string)[];
  /** Present only when an explanation was asked for. */
  readonly trace: TraceRecorder | undefined;
}

/** A `sumPosts` total and the amounts it added, in order. */
export interface PostSum {
  readonly operands: readonly Decimal[];
  readonly total: Decimal;
}

export interface EvalContext {
  readonly facts: FactRecord;
  readonly collections: ExtractedFacts['collections'];
  /** The current item of a `sum` or `count`; undefined at household level. */
  readonly item: FactRecord | undefined;
  readonly state: EvalState;
}

/**
 * What an explained evaluation records: the figures each rule's amounts read (deduplicated),
 * the comparisons each rule's condition decided on, and each post's and value's trace. Only a
 * program compiled to record (compile.ts) writes into it; a plain program's closures never do.
 */
export class TraceRecorder {
  /** The explanation of each post and value computed so far, keyed by its compiled program. */
  readonly amounts = new Map<object, AmountTrace>();
  private current: Map<string, FigureUse> | undefined;
  /** The traces of the conditions decided and not yet taken, innermost last. */
  private readonly decided: ConditionTrace[] = [];

  /** Starts collecting for one rule or total; returns the previous collector to restore. */
  begin(): Map<string, FigureUse> | undefined {
    const previous = this.current;
    this.current = new Map();
    return previous;
  }

  /** Ends collecting, restoring the previous collector, and returns what was collected. */
  end(previous: Map<string, FigureUse> | undefined): FigureUse[] {
    const collected = this.current === undefined ? [] : [...this.current.values()];
    this.current = previous;
    return collected;
  }

  figure(key: string, use: () => FigureUse): void {
    if (this.current !== undefined && !this.current.has(key)) this.current.set(key, use());
  }

  /** Records a condition's trace; `mark` before it, {@link group} after, gathers its parts. */
  condition(trace: ConditionTrace): void {
    this.decided.push(trace);
  }

  mark(): number {
    return this.decided.length;
  }

  /** Replaces the traces recorded since `mark` by the one trace `make` makes of them. */
  group(mark: number, make: (parts: ConditionTrace[]) => ConditionTrace): void {
    this.decided.push(make(this.decided.splice(mark)));
  }

  /** The trace of the condition decided last (a rule's `when`), taken. */
  takeCondition(): ConditionTrace {
    const trace = this.decided.pop();
    if (trace === undefined) throw new Error('internal: no condition was recorded');
    return trace;
  }
}

export function newState(posts: number, values: number, explain: boolean): EvalState {
  return {
    postExact: new Array(posts),
    postRounded: new Array(posts),
    valueExact: new Array(values),
    inProgress: new Array(posts + values).fill(false),
    notices: [],
    sums: [],
    memoKeys: [],
    trace: explain ? new TraceRecorder() : undefined,
  };
}
