/**
 * Every worked example of every bundled rule set, as data: an actuary adds a JSON file
 * under rules/<id>/tests/<calculation>/ and this suite runs it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { readRuleSetFolder } from '../../src/node/load-folder.js';
import { runWorkedExamples } from '../../src/node/worked-examples.js';
import { RULES_DIR, ruleSetFolders } from '../../scripts/lib/generated-files.js';

const CALCULATIONS = ['afloscapaciteit', 'pensioenuitgaven'] as const;

describe.each(ruleSetFolders())('rule set %s', (id) => {
  const files = readRuleSetFolder(join(RULES_DIR, id));
  const ruleSet = loadRuleSet(files, `rules/${id}`);

  it.each(CALCULATIONS.filter((c) => ruleSet.calculations[c] !== undefined))(
    'has at least 12 worked examples of %s, all matching',
    (calculation) => {
      const outcomes = runWorkedExamples(ruleSet, calculation, files);
      expect(outcomes.length).toBeGreaterThanOrEqual(12);
      for (const o of outcomes) {
        expect({ file: o.file, problems: o.problems, differences: o.differences }).toEqual({
          file: o.file,
          problems: [],
          differences: [],
        });
      }
    },
  );
});
