/**
 * One test per way a rule set can fail to load, each one mutation of the mini fixture (or
 * one folder fixture), each asserting the issue's code, file and JSON path: the three
 * things an author needs to find and fix the problem.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleSetError } from '../../src/contract/errors.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { loadRuleSetFolder, MAX_RULE_FILE_BYTES, readRuleSetFolder } from '../../src/node/load-folder.js';
import {
  expectIssue,
  issuesOf,
  MINI_DIR,
  miniFiles,
  post,
  retirementFiles,
  type Files,
  type Json,
} from '../engine/support.js';

const FIXTURES = new URL('../fixtures/rule-sets/', import.meta.url).pathname;
const CALC = 'afloscapaciteit.json';

/** Loads mini after one mutation. */
const loading = (mutate: (files: Files) => void) => (): unknown => {
  const files = miniFiles();
  mutate(files);
  return loadRuleSet(files);
};
const rules = (files: Files, code: string): Json[] => post(files, code).rules;

it('the unmutated mini set loads (so every failure below is the mutation’s)', () => {
  expect(loadRuleSet(miniFiles()).id).toBe('mini');
  expect(loadRuleSetFolder(MINI_DIR).id).toBe('mini');
});

describe('reading a folder', () => {
  it('invalid JSON: file, line and column', () => {
    const folder = join(FIXTURES, 'invalid-json');
    const issue = expectIssue(() => readRuleSetFolder(folder), {
      code: 'invalid_json',
      file: 'parameters.json',
      path: '$',
    });
    // The trailing comma on line 3 makes the `}` at line 4, column 3 unexpected.
    expect(issue.message).toMatch(/^not valid JSON at line 4, column 3: /);
    expectIssue(() => loadRuleSetFolder(folder), { code: 'invalid_json', file: 'parameters.json', path: '$' });
  });

  it('a folder that does not exist, a file given as the folder, a folder that cannot be read: RuleSetError, not a bare Error', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-rules-'));
    try {
      const missing = join(scratch, 'no-such-folder');
      const file = join(scratch, 'manifest.json');
      writeFileSync(file, '{}');
      for (const read of [readRuleSetFolder, loadRuleSetFolder]) {
        expect(expectIssue(() => read(missing), { code: 'folder_not_found', file: '', path: '$' }).message).toContain(
          missing,
        );
        expectIssue(() => read(file), { code: 'not_a_folder', file: '', path: '$' });
        expectIssue(() => read(join(file, 'below')), { code: 'folder_not_found', file: '', path: '$' });
      }
      // Permissions do not bind root: there the folder is readable and no issue is expected.
      const locked = join(scratch, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o000);
      if (process.getuid?.() !== 0)
        expectIssue(() => readRuleSetFolder(locked), { code: 'unreadable_folder', file: '', path: '$' });
      else expect(readRuleSetFolder(locked)).toEqual({});
      chmodSync(locked, 0o755);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('a file that is not JSON', () => {
    const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-rules-'));
    try {
      for (const name of readdirSync(MINI_DIR))
        if (name.endsWith('.json')) copyFileSync(join(MINI_DIR, name), join(folder, name));
      writeFileSync(join(folder, 'notes.txt'), 'scratch');
      expectIssue(() => readRuleSetFolder(folder), { code: 'unknown_file', file: 'notes.txt', path: '$' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a folder an institution hands us (issue 42)', () => {
  /** A copy of the mini set in a fresh folder, beside a folder `outside` of it; both removed after `body`. */
  const withMiniCopy = (body: (folder: string, outside: string) => void): void => {
    const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-folder-'));
    const folder = join(scratch, 'set');
    const outside = join(scratch, 'outside');
    mkdirSync(folder);
    mkdirSync(outside);
    for (const name of readdirSync(MINI_DIR)) copyFileSync(join(MINI_DIR, name), join(folder, name));
    try {
      body(folder, outside);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  };
  const codes = (fn: () => unknown) => issuesOf(fn).map((i) => [i.file, i.code]);

  it('a link out of the folder is not followed, and nothing of its target is shown', () => {
    withMiniCopy((folder, outside) => {
      writeFileSync(join(outside, 'secret.txt'), 'TOP-SECRET first bytes, not JSON');
      symlinkSync(join(outside, 'secret.txt'), join(folder, 'parameters-extra.json'));
      symlinkSync(outside, join(folder, 'tests'));
      for (const read of [readRuleSetFolder, loadRuleSetFolder]) {
        expect(codes(() => read(folder))).toEqual([
          ['parameters-extra.json', 'link_outside_folder'],
          ['tests', 'link_outside_folder'],
        ]);
        expect(() => read(folder)).toThrow(/outside the rule-set folder/);
        expect(() => read(folder)).not.toThrow(/TOP-SECRET/);
      }
    });
  });

  it('a dangling link and loops of links are RuleSetErrors with their own codes', () => {
    withMiniCopy((folder) => {
      symlinkSync(join(folder, 'nowhere.json'), join(folder, 'dangling.json'));
      symlinkSync('loop.json', join(folder, 'loop.json'));
      symlinkSync('.', join(folder, 'again'));
      for (const read of [readRuleSetFolder, loadRuleSetFolder])
        expect(codes(() => read(folder))).toEqual([
          ['again', 'link_loop'],
          ['dangling.json', 'dangling_link'],
          ['loop.json', 'link_loop'],
        ]);
    });
  });

  it('a FIFO, a socket and a folder named *.json are not read (a FIFO would hang the read)', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-special-'));
    const server = createServer();
    try {
      for (const name of readdirSync(MINI_DIR)) copyFileSync(join(MINI_DIR, name), join(scratch, name));
      execFileSync('mkfifo', [join(scratch, 'pipe.json')]);
      mkdirSync(join(scratch, 'folder.json'));
      await new Promise<void>((resolve) => server.listen(join(scratch, 'socket.json'), resolve));
      for (const read of [readRuleSetFolder, loadRuleSetFolder]) {
        const issues = issuesOf(() => read(scratch));
        expect(issues.map((i) => [i.file, i.code])).toEqual([
          ['folder.json', 'special_file'],
          ['pipe.json', 'special_file'],
          ['socket.json', 'special_file'],
        ]);
        expect(issues.map((i) => i.message)).toEqual([
          expect.stringMatching(/^a folder, not a file/),
          expect.stringMatching(/^a named pipe \(FIFO\), not a file/),
          expect.stringMatching(/^a socket, not a file/),
        ]);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it(`a file over ${MAX_RULE_FILE_BYTES} bytes is refused unread; one at the limit is read`, () => {
    withMiniCopy((folder) => {
      const big = join(folder, 'tables-big.json');
      writeFileSync(big, '{}');
      truncateSync(big, MAX_RULE_FILE_BYTES + 1); // sparse: no 8 MiB written
      const issue = expectIssue(() => readRuleSetFolder(folder), {
        code: 'file_too_large',
        file: 'tables-big.json',
        path: '$',
      });
      expect(issue.message).toContain('8,388,608 bytes');
      truncateSync(big, MAX_RULE_FILE_BYTES);
      // Read, and only then refused as JSON (NUL bytes after the `{}`).
      expectIssue(() => readRuleSetFolder(folder), { code: 'invalid_json', file: 'tables-big.json', path: '$' });
    });
  });

  it('every problem of a folder at once: a stray README.txt does not hide the rule files’ problems', () => {
    withMiniCopy((folder) => {
      writeFileSync(join(folder, 'README.txt'), 'notes');
      copyFileSync(join(folder, 'parameters.json'), join(folder, 'paramters.json'));
      const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Json;
      manifest.titel = 'typo';
      writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest));
      expect(codes(() => loadRuleSetFolder(folder))).toEqual([
        ['README.txt', 'unknown_file'],
        ['paramters.json', 'unknown_file'],
        ['manifest.json', 'unknown_key'],
      ]);
      // A rule file that cannot be read is not reported missing as well.
      writeFileSync(join(folder, 'manifest.json'), '{ not json');
      expect(codes(() => loadRuleSetFolder(folder))).toEqual([
        ['README.txt', 'unknown_file'],
        ['manifest.json', 'invalid_json'],
        ['paramters.json', 'unknown_file'],
      ]);
    });
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__'])(
    'a parameter named %s is refused by the name rule',
    (name) => {
      const text = JSON.stringify(miniFiles()['parameters.json']).replace(
        '"parameters":{',
        `"parameters":{"${name}":${JSON.stringify(miniFiles()['parameters.json'].parameters.normSingle)},`,
      );
      const files = { ...miniFiles(), 'parameters.json': JSON.parse(text) as Json };
      const issue = expectIssue(() => loadRuleSet(files), {
        code: 'reserved_name',
        file: 'parameters.json',
        path: `$.parameters.${name}`,
      });
      expect(issue.message).toBe(`"${name}" is a name every JavaScript object has; choose another name`);
    },
  );
});

describe('schema: strict keys, required keys, types', () => {
  it.each([
    [
      'manifest, top level',
      'manifest.json',
      '$.titel',
      (f: Files) => {
        f['manifest.json'].titel = 'x';
      },
    ],
    [
      'manifest source',
      'manifest.json',
      '$.sources.test.titel',
      (f: Files) => {
        f['manifest.json'].sources.test.titel = 'x';
      },
    ],
    [
      'parameter',
      'parameters.json',
      '$.parameters.normSingle.unitt',
      (f: Files) => {
        f['parameters.json'].parameters.normSingle.unitt = 'x';
      },
    ],
    [
      'table cell',
      'tables.json',
      '$.tables.ownerSurcharge.cells[0].extra',
      (f: Files) => {
        f['tables.json'].tables.ownerSurcharge.cells[0].extra = 1;
      },
    ],
    [
      'post',
      CALC,
      '$.posts[1].combin',
      (f: Files) => {
        post(f, 'Wonen').combin = 'first';
      },
    ],
    [
      'condition inside all',
      CALC,
      '$.posts[1].rules[0].when.all[0].fcat',
      (f: Files) => {
        rules(f, 'Wonen')[0].when.all[0].fcat = 'x';
      },
    ],
    [
      'expression operand',
      CALC,
      '$.posts[1].rules[0].amounts.bedrag.add[0].path',
      (f: Files) => {
        rules(f, 'Wonen')[0].amounts.bedrag.add[0].path = '$.a';
      },
    ],
  ])('unknown key: %s', (_what, file, path, mutate) => {
    const issue = expectIssue(loading(mutate), { code: 'unknown_key', file, path });
    expect(issue.message).toContain('misspelt');
  });

  it.each([
    [
      'manifest title',
      'manifest.json',
      '$.title',
      (f: Files) => {
        delete f['manifest.json'].title;
      },
    ],
    [
      'parameter unit',
      'parameters.json',
      '$.parameters.normSingle.unit',
      (f: Files) => {
        delete f['parameters.json'].parameters.normSingle.unit;
      },
    ],
    [
      'formula of a derived parameter',
      'parameters.json',
      '$.parameters.perChild.formula',
      (f: Files) => {
        delete f['parameters.json'].parameters.perChild.formula;
      },
    ],
    [
      'reasoning of an estimate',
      'parameters.json',
      '$.parameters.normCouple.reasoning',
      (f: Files) => {
        delete f['parameters.json'].parameters.normCouple.reasoning;
      },
    ],
  ])('missing required key: %s', (_what, file, path, mutate) => {
    const issue = expectIssue(loading(mutate), { code: 'missing_key', file, path });
    expect(issue.message).toContain('required key missing');
  });

  it.each([
    [
      'a number for a date',
      'manifest.json',
      '$.validFrom',
      (f: Files) => {
        f['manifest.json'].validFrom = 20300101;
      },
    ],
    [
      'a string for a number',
      'manifest.json',
      '$.rounding.post.decimals',
      (f: Files) => {
        f['manifest.json'].rounding.post.decimals = '0';
      },
    ],
    [
      'an object for a list',
      CALC,
      '$.posts[0].rules',
      (f: Files) => {
        post(f, 'Levensonderhoud').rules = {};
      },
    ],
  ])('wrong type: %s', (_what, file, path, mutate) => {
    const issue = expectIssue(loading(mutate), { code: 'invalid_type', file, path });
    expect(issue.message).not.toContain('missing');
  });

  it('an impossible calendar date', () => {
    expectIssue(
      loading((f) => {
        f['manifest.json'].validUntil = '2030-02-30';
      }),
      { code: 'invalid', file: 'manifest.json', path: '$.validUntil' },
    );
  });

  it('a rule condition without all/any/not around it: one clear issue, not four', () => {
    const issues = issuesOf(
      loading((f) => {
        rules(f, 'Wonen')[0].when = { fact: 'tenure', operator: 'equal', value: 'rent' };
      }),
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'condition_needs_group', file: CALC, path: '$.posts[1].rules[0].when' }),
    ]);
  });

  it('a misspelt amount operator: one issue naming it, with the operators listed', () => {
    const issues = issuesOf(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag = { plus: [{ fact: 'rent' }, { fact: 'serviceCosts' }] };
      }),
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'unknown_operator', file: CALC, path: '$.posts[1].rules[0].amounts.bedrag' }),
    ]);
    expect(issues[0]?.message).toMatch(/"plus".*add, subtract/);
  });

  it('a path on the value side of a condition', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Autos')[0].when.not.value.path = '$.x';
      }),
      { code: 'invalid_path', file: CALC, path: '$.posts[2].rules[0].when.not.value.path' },
    );
  });

  it('an empty list for in', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].when.all[0] = { fact: 'tenure', operator: 'in', value: [] };
      }),
      { code: 'operator_mismatch', file: CALC, path: '$.posts[1].rules[0].when.all[0].value' },
    );
  });

  it('a parameter compared with a string', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].when.all[0] = { fact: 'param:aowAge', operator: 'equal', value: 'x' };
      }),
      { code: 'unknown_value', file: CALC, path: '$.posts[1].rules[0].when.all[0].value' },
    );
  });

  it('a total in another unit than the calculation', () => {
    expectIssue(
      loading((f) => {
        f[CALC].totals.Tekort = {
          description: 'yearly',
          unit: 'EUR/year',
          amount: { multiply: [{ sumPosts: {} }, { param: 'monthsPerYear' }] },
        };
      }),
      { code: 'unit_mismatch', file: CALC, path: '$.totals.Tekort.unit' },
    );
  });

  it('a duplicate name across split files is reported at a path that escapes dots', () => {
    expectIssue(
      loading((f) => {
        f['parameters.json'].parameters['hb.x'] = { ...f['parameters.json'].parameters.normSingle };
        f['parameters-extra.json'] = { parameters: { 'hb.x': { ...f['parameters.json'].parameters.normSingle } } };
      }),
      { code: 'duplicate_key', file: 'parameters.json', path: '$.parameters["hb.x"]' },
    );
  });

  it('an unknown operator', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].when.all[0].operator = 'eq';
      }),
      { code: 'invalid_value', file: CALC, path: '$.posts[1].rules[0].when.all[0].operator' },
    );
  });
});

describe('files', () => {
  it('missing manifest', () => {
    expectIssue(
      loading((f) => {
        delete f['manifest.json'];
      }),
      { code: 'missing_file', file: 'manifest.json', path: '$' },
    );
  });

  it('no calculation at all', () => {
    expectIssue(
      loading((f) => {
        delete f[CALC];
      }),
      { code: 'no_calculation', file: '', path: '$' },
    );
  });

  it.each(['extra.json', 'parameters_x.json', 'Parameters.json', 'afloscapaciteit-2.json'])(
    'unknown file name %s',
    (name) => {
      expectIssue(
        loading((f) => {
          f[name] = { parameters: {} };
        }),
        { code: 'unknown_file', file: name, path: '$' },
      );
    },
  );

  it('files under tests/ are not rule files', () => {
    expect(loadRuleSet({ ...miniFiles(), 'tests/afloscapaciteit/anything.json': { not: 'checked here' } }).id).toBe(
      'mini',
    );
  });

  it('a parameter defined in two split files', () => {
    const issue = expectIssue(
      loading((f) => {
        f['parameters-x.json'] = { parameters: { normSingle: copy(f['parameters.json'].parameters.normSingle) } };
      }),
      { code: 'duplicate_key', file: 'parameters.json', path: '$.parameters.normSingle' },
    );
    expect(issue.message).toContain('parameters-x.json');
  });

  it('split parameter files merge', () => {
    const files = miniFiles();
    files['parameters-auto.json'] = { parameters: { carYear: files['parameters.json'].parameters.carYear } };
    delete files['parameters.json'].parameters.carYear;
    const ruleSet = loadRuleSet(files);
    expect(ruleSet.origins.parameters['carYear']).toBe('parameters-auto.json');
    expect(ruleSet.origins.parameters['normSingle']).toBe('parameters.json');
  });
});

const copy = <T>(v: T): T => structuredClone(v);

describe('references', () => {
  it('missing source, of a parameter and of a table cell', () => {
    expectIssue(
      loading((f) => {
        f['parameters.json'].parameters.normSingle.source = 'nope';
      }),
      { code: 'missing_source', file: 'parameters.json', path: '$.parameters.normSingle.source' },
    );
    expectIssue(
      loading((f) => {
        f['tables.json'].tables.ownerSurcharge.cells[1].source = 'nope';
      }),
      { code: 'missing_source', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[1].source' },
    );
  });

  it.each([
    [
      'parameter',
      '$.posts[0].rules[0].amounts.bedrag.param',
      (f: Files) => {
        rules(f, 'Levensonderhoud')[0].amounts.bedrag = { param: 'nope' };
      },
    ],
    [
      'table',
      '$.posts[0].rules[3].amounts.bedrag.table',
      (f: Files) => {
        rules(f, 'Levensonderhoud')[3].amounts.bedrag.table = 'nope';
      },
    ],
    [
      'value',
      '$.posts[1].rules[0].amounts.bedrag.value',
      (f: Files) => {
        rules(f, 'Wonen')[0].amounts.bedrag = { value: 'nope' };
      },
    ],
    [
      'post',
      '$.posts[1].rules[0].amounts.bedrag.post',
      (f: Files) => {
        rules(f, 'Wonen')[0].amounts.bedrag = { post: 'Nope' };
      },
    ],
    [
      'rounding policy of a post',
      '$.posts[1].rounding',
      (f: Files) => {
        post(f, 'Wonen').rounding = 'nope';
      },
    ],
    [
      'rounding policy of round',
      '$.totals.Tekort.amount.policy',
      (f: Files) => {
        f[CALC].totals.Tekort.amount.policy = 'nope';
      },
    ],
    [
      'parameter compared in a condition',
      '$.posts[2].rules[0].when.not.value.fact',
      (f: Files) => {
        rules(f, 'Autos')[0].when.not.value.fact = 'param:nope';
      },
    ],
    [
      'group of a post',
      '$.posts[1].group',
      (f: Files) => {
        post(f, 'Wonen').group = 'nope';
      },
    ],
  ])('dangling %s reference', (_what, path, mutate) => {
    expectIssue(loading(mutate), { code: 'dangling_reference', file: CALC, path });
  });

  it('unknown fact, in a condition and in an amount', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Autos')[0].when.not.fact = 'agee';
      }),
      { code: 'unknown_fact', file: CALC, path: '$.posts[2].rules[0].when.not.fact' },
    );
    expect(issue.message).toContain('known facts:');
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag.add[0].fact = 'salary';
      }),
      { code: 'unknown_fact', file: CALC, path: '$.posts[1].rules[0].amounts.bedrag.add[0].fact' },
    );
  });

  it('an item fact used outside its sum', () => {
    const files = retirementFiles(
      { basis: { const: '1', unit: 'EUR/month' }, voorbeeld: { const: '1', unit: 'EUR/month' } },
      { all: [{ fact: 'child.age', operator: 'lessThan', value: 18 }] },
    );
    const issue = expectIssue(() => loadRuleSet(files), {
      code: 'unknown_fact',
      file: 'pensioenuitgaven.json',
      path: '$.posts[0].rules[0].when.all[0].fact',
    });
    expect(issue.message).toContain('inside a sum or count over children');
  });

  it('the same item fact inside its sum loads', () => {
    const inSum = {
      sum: {
        over: 'children',
        amount: { const: '1', unit: 'EUR/month' },
        when: { all: [{ fact: 'child.age', operator: 'lessThan', value: 18 }] },
      },
    };
    expect(
      loadRuleSet(retirementFiles({ basis: inSum, voorbeeld: inSum })).calculations.pensioenuitgaven,
    ).toBeDefined();
  });
});

describe('conditions', () => {
  it('an unknown enum value (tenure equal "owner")', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[1].when.all[0].value = 'owner';
      }),
      { code: 'unknown_value', file: CALC, path: '$.posts[1].rules[1].when.all[0].value' },
    );
    expect(issue.message).toContain('rent, own');
  });

  it('contains on a scalar fact', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].when.all[0] = { fact: 'tenure', operator: 'contains', value: 'rent' };
      }),
      { code: 'operator_mismatch', file: CALC, path: '$.posts[1].rules[0].when.all[0].operator' },
    );
  });

  it('comparing facts of different units', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Autos')[0].when.not.value.fact = 'param:normSingle';
      }),
      { code: 'unit_mismatch', file: CALC, path: '$.posts[2].rules[0].when.not.value' },
    );
  });
});

describe('tables', () => {
  const surcharge = (f: Files): Json => f['tables.json'].tables.ownerSurcharge;

  it('a cell with an unknown dimension value', () => {
    expectIssue(
      loading((f) => {
        surcharge(f).cells[1].key.tenure = 'lease';
      }),
      { code: 'unknown_value', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[1].key.tenure' },
    );
  });

  it('a cell keyed by an unknown dimension', () => {
    expectIssue(
      loading((f) => {
        surcharge(f).cells[0].key.size = 'large';
      }),
      { code: 'unknown_dimension', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[0].key.size' },
    );
  });

  it('a duplicate cell', () => {
    expectIssue(
      loading((f) => {
        surcharge(f).cells.push(copy(surcharge(f).cells[0]));
      }),
      { code: 'duplicate_cell', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[2]' },
    );
  });

  it('a copying cell that holds another value than its original', () => {
    const issue = expectIssue(
      loading((f) => {
        Object.assign(surcharge(f).cells[1], { copyOf: { tenure: 'rent' } });
      }),
      { code: 'copy_differs', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[1].value' },
    );
    expect(issue.message).toContain('tenure=rent (0) but holds 110');
  });

  it('a copying cell that names no cell of its own value', () => {
    expectIssue(
      loading((f) => {
        Object.assign(surcharge(f).cells[1], { copyOf: { tenure: 'lease' } });
      }),
      { code: 'unknown_copy', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[1].copyOf' },
    );
    expectIssue(
      loading((f) => {
        Object.assign(surcharge(f).cells[0], { copyOf: { tenure: 'own' } });
        Object.assign(surcharge(f).cells[1], { value: '0', copyOf: { tenure: 'rent' } });
      }),
      { code: 'unknown_copy', file: 'tables.json', path: '$.tables.ownerSurcharge.cells[0].copyOf' },
    );
  });

  it("a copying cell with its original's value loads", () => {
    const files = miniFiles();
    Object.assign(surcharge(files).cells[1], { value: '0.00', copyOf: { tenure: 'rent' } });
    expect(loadRuleSet(files).tables.ownerSurcharge?.cells[1]?.copyOf).toEqual({ tenure: 'rent' });
  });

  it('a lookup with no cell for a value the fact can take', () => {
    const issue = expectIssue(
      loading((f) => {
        surcharge(f).cells.pop();
      }),
      { code: 'missing_table_cell', file: CALC, path: '$.posts[0].rules[3].amounts.bedrag.table' },
    );
    expect(issue.message).toContain('tenure=own');
  });

  it('a gap between bands', () => {
    const bands = [
      { key: 'young', from: '0', below: '18' },
      { key: 'adult', from: '19' },
    ];
    expectIssue(
      loading((f) => {
        f['tables.json'].tables.byAge = {
          description: 'by age',
          unit: 'EUR/month',
          dimensions: { age: { bands } },
          cells: bands.map((b) => ({ key: { age: b.key }, value: '1', source: 'test', provenance: 'read' })),
        };
      }),
      { code: 'band_gap', file: 'tables.json', path: '$.tables.byAge.dimensions.age.bands[1]' },
    );
  });
});

describe('units, measures, totals, ids', () => {
  it('adding EUR/year to EUR/month', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag = { add: [{ param: 'carYear' }, { fact: 'rent' }] };
      }),
      { code: 'unit_mismatch', file: CALC, path: '$.posts[1].rules[0].amounts.bedrag.add[1]' },
    );
    expect(issue.message).toContain('EUR/year');
  });

  it('an if whose branches disagree in unit names the branch as written (then/else, not if[0])', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag = {
          if: { fact: 'tenure', operator: 'equal', value: 'own' },
          // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
          then: { fact: 'rent' },
          else: { param: 'carYear' },
        };
      }),
      { code: 'unit_mismatch', file: CALC, path: '$.posts[1].rules[0].amounts.bedrag.else' },
    );
    expect(issue.message).toContain('EUR/year');
  });

  it('a post amount in the wrong unit', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Autos')[1].amounts.bedrag = { param: 'carYear' };
      }),
      { code: 'unit_mismatch', file: CALC, path: '$.posts[2].rules[1].amounts.bedrag' },
    );
  });

  it('wrong measures', () => {
    expectIssue(
      loading((f) => {
        f[CALC].measures = ['basis', 'voorbeeld'];
      }),
      { code: 'wrong_measures', file: CALC, path: '$.measures' },
    );
  });

  it('a repayment set written before minimaal (issue 16): refused at load, saying what to add', () => {
    const error = (() => {
      try {
        loading((f) => {
          f[CALC].measures = ['bedrag'];
          delete f[CALC].measureDefaults;
          for (const name of ['TotaalMinimaleLasten', 'MaximaleAfloscapaciteit', 'MinimaalTekort'])
            delete f[CALC].totals[name];
          // As the totals were written then: sumPosts without a measure (the only one).
          for (const total of Object.values(f[CALC].totals) as Json[])
            total.amount = JSON.parse(JSON.stringify(total.amount), (k, v) => (k === 'measure' ? undefined : v));
        })();
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(RuleSetError);
    const issues = (error as RuleSetError).issues;
    const measures = issues.find((i) => i.code === 'wrong_measures');
    expect(measures).toMatchObject({ file: CALC, path: '$.measures' });
    expect(measures?.message).toContain('found bedrag');
    expect(measures?.message).toContain('"measureDefaults": { "minimaal": "bedrag" }');
    expect(issues.filter((i) => i.code === 'missing_total').map((i) => i.message)).toEqual([
      'afloscapaciteit needs a total named TotaalMinimaleLasten',
      'afloscapaciteit needs a total named MaximaleAfloscapaciteit',
      'afloscapaciteit needs a total named MinimaalTekort',
    ]);
  });

  it('a rule without an amount for a measure that has no default', () => {
    expectIssue(
      loading((f) => {
        delete f[CALC].measureDefaults;
      }),
      { code: 'missing_measure', file: CALC, path: '$.posts[0].rules[0].amounts' },
    );
  });

  it('measureDefaults naming no measure, or a measure that has a default itself', () => {
    expectIssue(
      loading((f) => {
        f[CALC].measureDefaults = { minimaal: 'basis' };
      }),
      { code: 'unknown_measure', file: CALC, path: '$.measureDefaults.minimaal' },
    );
    expectIssue(
      loading((f) => {
        f[CALC].measureDefaults = { minimaal: 'bedrag', maximaal: 'bedrag' };
      }),
      { code: 'unknown_measure', file: CALC, path: '$.measureDefaults.maximaal' },
    );
    expectIssue(
      loading((f) => {
        f[CALC].measureDefaults = { minimaal: 'bedrag', bedrag: 'minimaal' };
      }),
      { code: 'invalid_default', file: CALC, path: '$.measureDefaults.minimaal' },
    );
    expectIssue(
      loading((f) => {
        f[CALC].measureDefaults = { minimaal: 'minimaal' };
      }),
      { code: 'invalid_default', file: CALC, path: '$.measureDefaults.minimaal' },
    );
  });

  it('a missing total', () => {
    const issue = expectIssue(
      loading((f) => {
        delete f[CALC].totals.Tekort;
      }),
      { code: 'missing_total', file: CALC, path: '$.totals' },
    );
    expect(issue.message).toContain('Tekort');
  });

  it('an unknown total', () => {
    expectIssue(
      loading((f) => {
        f[CALC].totals.Extra = { description: 'x', unit: 'EUR/month', amount: { sumPosts: {} } };
      }),
      { code: 'unknown_total', file: CALC, path: '$.totals.Extra' },
    );
  });

  it('a duplicate rule id, within a post and across posts', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[1].id = 'rent';
      }),
      { code: 'duplicate_id', file: CALC, path: '$.posts[1].rules[1].id' },
    );
    expectIssue(
      loading((f) => {
        rules(f, 'Autos')[0].id = 'single';
      }),
      { code: 'duplicate_id', file: CALC, path: '$.posts[2].rules[0].id' },
    );
  });

  it('a duplicate post code', () => {
    expectIssue(
      loading((f) => {
        post(f, 'Autos').code = 'Wonen';
      }),
      { code: 'duplicate_id', file: CALC, path: '$.posts[2]' },
    );
  });

  it('a file declaring another calculation', () => {
    expectIssue(
      loading((f) => {
        f[CALC].calculation = 'pensioenuitgaven';
      }),
      { code: 'wrong_calculation', file: CALC, path: '$.calculation' },
    );
  });
});

describe('cycles', () => {
  it('between two posts', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[1].amounts.bedrag = { post: 'Autos' };
        rules(f, 'Autos')[1].amounts.bedrag = { post: 'Wonen' };
      }),
      { code: 'cycle', file: CALC, path: '$.posts[1]' },
    );
    expect(issue.message).toBe('circular dependency: post Wonen → post Autos → post Wonen');
  });

  it('a post referencing itself', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[1].amounts.bedrag = { add: [{ fact: 'mortgageCosts' }, { post: 'Wonen' }] };
      }),
      { code: 'cycle', file: CALC, path: '$.posts[1]' },
    );
    expect(issue.message).toBe('circular dependency: post Wonen → post Wonen');
  });

  it('through intermediate values', () => {
    expectIssue(
      loading((f) => {
        f[CALC].values = [
          {
            id: 'a',
            description: 'a',
            unit: 'EUR/month',
            combine: 'first',
            rules: [{ id: 'va', description: 'a', amount: { value: 'b' } }],
          },
          {
            id: 'b',
            description: 'b',
            unit: 'EUR/month',
            combine: 'first',
            rules: [{ id: 'vb', description: 'b', amount: { value: 'a' } }],
          },
        ];
      }),
      { code: 'cycle', file: CALC, path: '$.values[0]' },
    );
  });
});

describe('the coverage sweep', () => {
  it('an uncovered post names an example household', () => {
    const issue = expectIssue(
      loading((f) => {
        post(f, 'Wonen').rules = [
          {
            id: 'young',
            description: 'under 21',
            when: { all: [{ fact: 'age', operator: 'lessThan', value: 21 }] },
            amounts: { bedrag: { fact: 'rent' } },
          },
          {
            id: 'older',
            description: 'over 30',
            when: { all: [{ fact: 'age', operator: 'greaterThan', value: 30 }] },
            amounts: { bedrag: { fact: 'rent' } },
          },
        ];
      }),
      { code: 'uncovered_post', file: CALC, path: '$.posts[1]' },
    );
    // Ages 21 to 30 have no rule; the sweep tries the boundaries, and 21 is the first it meets.
    expect(issue.message).toMatch(/^post Wonen: no rule applies, for example for the household age=21\b/);
  });

  it('a one-year hole between two rules is found (the sweep tries each side of every constant)', () => {
    const issue = expectIssue(
      loading((f) => {
        post(f, 'Wonen').rules = [
          {
            id: 'to20',
            description: 'up to 20',
            when: { all: [{ fact: 'age', operator: 'lessThanInclusive', value: 20 }] },
            amounts: { bedrag: { fact: 'rent' } },
          },
          {
            id: 'from22',
            description: 'from 22',
            when: { all: [{ fact: 'age', operator: 'greaterThanInclusive', value: 22 }] },
            amounts: { bedrag: { fact: 'rent' } },
          },
        ];
      }),
      { code: 'uncovered_post', file: CALC, path: '$.posts[1]' },
    );
    expect(issue.message).toContain('age=21');
  });

  it('a negative post amount', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag = { subtract: [{ fact: 'rent' }, { fact: 'serviceCosts' }] };
      }),
      { code: 'negative_amount', file: CALC, path: '$.posts[1]' },
    );
    expect(issue.message).toContain('comes out negative');
  });

  it('a division by zero the sweep finds (age can be 0)', () => {
    const issue = expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag = {
          divide: [{ multiply: [{ fact: 'rent' }, { fact: 'age' }] }, { fact: 'age' }],
        };
      }),
      { code: 'division_by_zero', file: CALC, path: '$.posts[1]' },
    );
    expect(issue.message).toContain('age=0');
  });

  it('a division by the constant 0 (found without sweeping)', () => {
    expectIssue(
      loading((f) => {
        rules(f, 'Wonen')[0].amounts.bedrag = { divide: [{ fact: 'rent' }, { const: '0' }] };
      }),
      { code: 'division_by_zero', file: CALC, path: '$.posts[1].rules[0].amounts.bedrag.divide[1]' },
    );
  });
});

describe('manifest and the error value', () => {
  it('validFrom after validUntil', () => {
    const issue = expectIssue(
      loading((f) => {
        f['manifest.json'].validFrom = '2031-01-01';
      }),
      { code: 'invalid_validity', file: 'manifest.json', path: '$.validUntil' },
    );
    expect(issue.message).toContain('2031-01-01');
  });

  it('lists every problem at once, and the message names file and path of each', () => {
    let error: unknown;
    try {
      loading((f) => {
        f['parameters.json'].parameters.normSingle.source = 'nope';
        rules(f, 'Wonen')[1].when.all[0].value = 'owner';
      })();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuleSetError);
    const e = error as RuleSetError;
    expect(e.code).toBe('rule_set_invalid');
    expect(e.issues.map((i) => i.code).sort()).toEqual(['missing_source', 'unknown_value']);
    expect(e.message).toMatch(/^Rule set mini cannot be used:\n/);
    expect(e.message).toContain('parameters.json $.parameters.normSingle.source: [missing_source]');
    expect(e.message).toContain(`${CALC} $.posts[1].rules[1].when.all[0].value: [unknown_value]`);
  });

  it('a set that loads leaves no issues (the helper refuses a load that succeeds)', () => {
    expect(() => issuesOf(() => loadRuleSet(miniFiles()))).toThrow('expected a RuleSetError');
  });
});
