/**
 * A remembered amount's key written out as JavaScript: the very number `amountMemo`'s closure
 * makes from its {@link KeyPlan}, each digit's code inline instead of through a closure per
 * digit and a tuple per fact.
 *
 * For a value outside its domain, or a key that might pass 2^53, it asks the memo itself,
 * which then makes the string key: the two never disagree, because the memo's own `key`
 * decides every case the inline code does not. A plan whose keys all stay below 2^52 (every
 * repayment memo) is written without overflow checks.
 *
 * @example
 * ```ts
 * const text = memoKeySource('key0', memo.slot, memo.plan, 'B[3].key');
 * // function key0(f, cl, ctx) { const keys = ctx.state.memoKeys; let k = keys[0]; … }
 * ```
 */
import { type KeyPlan, radixOf, type SmallDomain } from '../amount-memo.js';

/** Below this, no step of a key needs an overflow check. */
const UNCHECKED_LIMIT = 2 ** 52;

/** The largest key `plan` can make: every digit at its largest, every collection at its longest. */
export function largestKey(plan: KeyPlan): number {
  let k = 0;
  for (const { domain } of plan.facts) k = k * radixOf(domain) + radixOf(domain) - 1;
  for (const { lengths, items } of plan.collections) {
    k = k * lengths + lengths - 1;
    for (let i = 0; i < lengths - 1; i += 1)
      for (const { domain } of items) k = k * (radixOf(domain) + 1) + radixOf(domain);
  }
  return k;
}

/** The code of the value in `v` as a JavaScript expression: in [0, radix), or -1 outside the domain. */
function codeExpression(domain: SmallDomain): string {
  switch (domain.kind) {
    case 'boolean':
      return '(v === false ? 0 : v === true ? 1 : -1)';
    case 'enum':
      return `(${domain.values.map((value, i) => `v === ${JSON.stringify(value)} ? ${i} : `).join('')}-1)`;
    case 'number':
      return `(typeof v === 'number' && Number.isInteger(v) && v >= ${domain.min} && v <= ${domain.max} ? v - ${domain.min} : -1)`;
  }
}

/**
 * The text of `function <name>(f, cl, ctx)`, giving the key of `plan` for this evaluation
 * (remembered in the evaluation's `memoKeys[slot]`, as the memo's closure remembers it).
 * `fallback` is the JavaScript of the memo's own `key`.
 */
export function memoKeySource(name: string, slot: number, plan: KeyPlan, fallback: string): string {
  const give = `return ${fallback}(ctx);`;
  const checked = largestKey(plan) > UNCHECKED_LIMIT;
  // k * radix + code stays within 2^53 whenever k is at most this; beyond it the memo decides.
  const step = (radix: number, code: string): string =>
    checked
      ? `if (k > ${Math.floor((Number.MAX_SAFE_INTEGER - (radix - 1)) / radix)}) ${give}\nk = k * ${radix} + ${code};`
      : `k = k * ${radix} + ${code};`;
  const lines = [
    `function ${name}(f, cl, ctx) {`,
    'const keys = ctx.state.memoKeys;',
    `let k = keys[${slot}];`,
    'if (k !== undefined) return k;',
    'k = 0; let v; let c;',
  ];
  for (const { name: fact, domain } of plan.facts) {
    lines.push(`v = f[${JSON.stringify(fact)}]; c = ${codeExpression(domain)};`);
    lines.push(`if (c < 0) ${give}`, step(radixOf(domain), 'c'));
  }
  for (const { name: collection, lengths, items } of plan.collections) {
    lines.push('{', `const items = cl[${JSON.stringify(collection)}];`);
    lines.push(`if (items.length >= ${lengths}) ${give}`, step(lengths, 'items.length'));
    if (items.length === 0) {
      lines.push('}');
      continue;
    }
    lines.push('for (let i = 0; i < items.length; i += 1) {', 'const item = items[i];');
    for (const { name: fact, domain } of items) {
      const field = JSON.stringify(fact);
      lines.push(`if (!(${field} in item)) c = 0;`);
      lines.push(`else { v = item[${field}]; c = ${codeExpression(domain)}; if (c < 0) ${give} c += 1; }`);
      lines.push(step(radixOf(domain) + 1, 'c'));
    }
    lines.push('}', '}');
  }
  lines.push(`return (keys[${slot}] = k);`, '}');
  return lines.join('\n');
}
