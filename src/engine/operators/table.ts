/**
 * Compiles `table`: the cells are turned into decimals once and keyed by their dimension
 * values; a lookup builds the key from literal keys and facts (a number falls in its band).
 * A lookup with literal keys only is a constant.
 */
import { Money, type Decimal } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import type { Band } from '../../rules/format/parameters.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { CONSTANT_CONTEXT, constant } from '../amount.js';
import type { EvalContext } from '../context.js';
import { factReader, provenanceFields, recordedFigure, sourceRef, type OperatorCompiler } from '../expression-env.js';
import { madeOnce } from '../made-once.js';

export function bandKey(bands: readonly Band[], value: number): string | undefined {
  for (const b of bands) {
    if (value >= Number(b.from) && (b.below === undefined || value < Number(b.below))) return b.key;
  }
  return undefined;
}

type Table = RuleSet['tables'][string];
type Cells = ReadonlyMap<string, { readonly d: Decimal; readonly cell: Table['cells'][number] }>;

/**
 * Each table's cells as decimals, keyed by their dimension values in the table's order: made
 * once per table, not again for every lookup that reads it (a repayment program has some thirty;
 * parsing their cells again was a tenth of compiling it). A Decimal is never changed once made.
 */
const cellsByTable = new WeakMap<Table, Cells>();

export function cellsOf(table: Table): Cells {
  return madeOnce(cellsByTable, table, () => {
    const dims = Object.keys(table.dimensions);
    const made = new Map<string, { d: Decimal; cell: Table['cells'][number] }>();
    for (const cell of table.cells)
      made.set(dims.map((k) => cell.key[k]).join('\u0000'), { d: new Money(cell.value), cell });
    return made;
  });
}

export const compileTable: OperatorCompiler<ExpressionForms['table']> = (e, c) => {
  const { ruleSet } = c.env;
  const name = e.table;
  const table = ruleSet.tables[name];
  if (table === undefined) return c.fail('dangling_reference', `unknown table ${name}`);
  const dims = Object.keys(table.dimensions);
  const cells = cellsOf(table);
  type Part = (ctx: EvalContext) => string | undefined;
  const parts = dims.map((dim): Part => {
    const keyExpr = e.key[dim];
    if (keyExpr === undefined) return c.fail('dangling_reference', `table ${name} needs a key for dimension ${dim}`);
    if (typeof keyExpr === 'string') return () => keyExpr;
    const read = factReader(c.env, c.scope, keyExpr.fact, undefined);
    const dimension = table.dimensions[dim];
    if (dimension !== undefined && !Array.isArray(dimension)) {
      const bands = dimension.bands;
      return (ctx) => {
        const v = read(ctx);
        return typeof v === 'number' ? bandKey(bands, v) : undefined;
      };
    }
    return (ctx) => {
      const v = read(ctx);
      return typeof v === 'string' ? v : undefined;
    };
  });
  /** The cell key, as `cells` is keyed; built without arrays, since lookups are among the hottest code. */
  const cellKey = (ctx: EvalContext): string => {
    let key = '';
    // As Array#join writes it: an undefined part as ''.
    for (let i = 0; i < parts.length; i += 1) {
      if (i > 0) key += '\u0000';
      key += (parts[i] as Part)(ctx) ?? '';
    }
    return key;
  };
  const keyOf = (ctx: EvalContext): (string | undefined)[] => parts.map((p) => p(ctx));
  /** Reports a missing cell, with the key it was asked for. */
  const missing = (ctx: EvalContext): never => {
    const key = keyOf(ctx);
    const shown = dims.map((d, i) => `${d}=${key[i] ?? '(none)'}`).join(', ');
    return c.fail('missing_table_cell', `table ${name} has no cell for ${shown}`);
  };
  const lookup = recordedFigure(
    c.env,
    (ctx) => cells.get(cellKey(ctx))?.d ?? missing(ctx),
    (_, ctx) => `table:${name}:${keyOf(ctx).join('|')}`,
    (d, ctx) => {
      const { cell } = cells.get(cellKey(ctx)) as { readonly cell: Table['cells'][number] };
      return {
        kind: 'table',
        name,
        key: cell.key,
        value: d.toString(),
        unit: table.unit,
        source: sourceRef(ruleSet, cell),
        ...provenanceFields(cell),
      };
    },
  );
  const literalKeys = dims.every((dim) => typeof e.key[dim] === 'string');
  if (!literalKeys || c.env.recording) return lookup;
  try {
    return constant(lookup(CONSTANT_CONTEXT), lookup);
  } catch {
    return lookup; // a missing cell: reported when evaluated (the loader's checks refuse it first)
  }
};
