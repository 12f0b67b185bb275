/**
 * What one operator of the amount language is, seen from the rules layer: its schema, its
 * checker, its readable rendering and its dependency walk. Each operator's unit lives in its
 * own module beside this one; `units.ts` collects them in one table keyed by operator, whose
 * type requires a unit for every key of `ExpressionForms` (a forgotten one does not compile),
 * as zod v4 keeps each check's parts together in one definition.
 *
 * The fifth part, compiling to a closure, is in `src/engine/operators/<operator>.ts`, keyed by
 * the same names: the compiler needs the engine's evaluation context, decimal closures and
 * explanation recorder, and the rules layer may not import from the engine above it. Moving
 * those types down into the rules layer would make the rules layer an evaluator; two tables
 * checked against the same key list keep the layers as they are and still make a missing
 * half a compile error.
 *
 * A unit works on one node; it reaches its operands only through the scope it is handed
 * (`c.expression`, `r.text`, `w.expression`), so a unit never imports the dispatcher.
 */
import type { z } from 'zod';
import type { FactDefinition } from '../facts.js';
import type { CalculationFile } from '../format/calculation.js';
import type { Condition } from '../format/condition.js';
import type { Collection, Expression } from '../format/expression.js';
import type { Manifest } from '../format/manifest.js';
import type { Parameter, Table } from '../format/parameters.js';

/** A place in a rule file: keys and list indexes, as `jsonPath` writes them. */
export type Path = readonly (string | number)[];

/**
 * The unit an amount is in: a unit string, `null` for a unit-less constant (which takes
 * whatever unit its neighbours have), or undefined once an error has been reported.
 */
export type InferredUnit = string | null | undefined;

/** What the checker lends a unit: the rule set, a way to report, and the checks of operands. */
export interface CheckScope {
  readonly parameters: Readonly<Record<string, Parameter>>;
  readonly tables: Readonly<Record<string, Table>>;
  readonly manifest: Manifest;
  readonly calc: CalculationFile;
  report(path: Path, code: string, message: string): void;
  /** Notes that the post or value being checked reads `node` (`post X`, `value Y`), for the cycle check. */
  depend(node: string): void;
  /** The definition of a fact as seen from a scope; undefined when not visible there. */
  fact(name: string, scope: Collection | undefined): FactDefinition | undefined;
  /** Why a fact is not visible from a scope, in words. */
  missingFact(name: string, scope: Collection | undefined): string;
  /** Checks the measure named by a `post` or `sumPosts` (absent: the calculation must have one). */
  measure(measure: string | undefined, path: Path): void;
  expression(e: Expression, path: Path, scope: Collection | undefined): InferredUnit;
  condition(c: Condition, path: Path, scope: Collection | undefined): void;
}

/** Binding strength of a rendered amount: sums bind loosest, then products, then names and calls. */
export const ADDITIVE = 1;
export const MULTIPLICATIVE = 2;
export const ATOM = 3;

export interface Rendered {
  readonly text: string;
  readonly strength: number;
}

/** What the renderer lends a unit. */
export interface RenderScope {
  table(name: string): Table | undefined;
  /** An operand in plain notation, bracketed when it binds looser than `min`. */
  at(e: Expression, min: number): string;
  /** An operand in plain notation, never bracketed. */
  text(e: Expression): string;
  condition(c: Condition): string;
}

/** What the dependency walk lends a unit: notes of what an amount reads, and the walks of operands. */
export interface DependencyWalk {
  readonly tables: Readonly<Record<string, Table>>;
  fact(name: string): void;
  /** A number a fact is compared with, or a band edge of a table dimension it selects. */
  constant(fact: string, n: number): void;
  collection(c: Collection): void;
  /** Follows a post's rules, by code. */
  post(code: string): void;
  /** Follows the rules of every post of a group (absent: of every post). */
  posts(group: string | undefined): void;
  /** Follows an intermediate value's rules, by id. */
  value(id: string): void;
  expression(e: Expression): void;
  condition(c: Condition): void;
}

/** One operator of the amount language, on its form `F`. */
export interface ExpressionUnit<F> {
  /** The strict object schema of the form; `expression` is the schema of an operand. */
  schema(expression: z.ZodType<Expression>): z.ZodType<F>;
  /** Checks the node against the rule set and infers its unit. */
  check(e: F, c: CheckScope, path: Path, scope: Collection | undefined): InferredUnit;
  /** The node in plain notation, for people. */
  render(e: F, r: RenderScope): Rendered;
  /** Notes what the node reads. */
  dependencies(e: F, w: DependencyWalk): void;
}

/** An atom: a name or a call, never bracketed. */
export function atom(text: string): Rendered {
  return { text, strength: ATOM };
}
