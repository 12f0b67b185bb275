/**
 * `measureDefaults` of a calculation file, applied: a rule that leaves a defaulted measure
 * out gets the default measure's expression (the same object) for it. Applied once, after
 * the cross-checks, so every later reader (compiler, explanation, reference engines,
 * generated docs) sees one amount per measure and none of them needs to know about defaults.
 */
import type { CalculationFile } from './format/calculation.js';

/** The calculation with every defaulted amount filled in; unchanged when it has no defaults. */
export function withMeasureDefaults(calc: CalculationFile): CalculationFile {
  const defaults = Object.entries(calc.measureDefaults ?? {});
  if (defaults.length === 0) return calc;
  return {
    ...calc,
    posts: calc.posts.map((post) => ({
      ...post,
      rules: post.rules.map((rule) => {
        const amounts = { ...rule.amounts };
        for (const [measure, from] of defaults) {
          const expression = rule.amounts[from];
          if (amounts[measure] === undefined && expression !== undefined) amounts[measure] = expression;
        }
        return { ...rule, amounts };
      }),
    })),
  };
}
