/**
 * The installed package imported as ESM, as a user's program does: both calculations agree
 * with the worked examples shipped in the package (rules/nl-2026/tests/), the rule-set folder
 * loads through budgetnorm/node, and the HTTP app of budgetnorm/http answers in-process.
 * Run by scripts/test-consumer.mjs; any failed assertion exits non-zero.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  bundledCatalog,
  loadRuleSet,
  repaymentCapacity,
  retirementExpenditure,
  RuleSetError,
  ValidationError,
} from 'budgetnorm';
import { createApp, KEY_HEADER, PATHS } from 'budgetnorm/http';
import {
  disableFastPaths,
  enableFastPaths,
  loadRuleSetFolder,
  readWorkedExamples,
  runWorkedExamples,
} from 'budgetnorm/node';

const rules = fileURLToPath(new URL('./rules/', import.meta.resolve('budgetnorm/package.json')));
const example = (path) => JSON.parse(readFileSync(`${rules}nl-2026/tests/${path}`, 'utf8'));

// (a) repayment capacity: every figure of the shared worked example
const shared = example('afloscapaciteit/alleenstaand-huur-aow.json');
const repayment = repaymentCapacity(shared.request, { ruleSet: 'nl-2026' });
const posts = Object.fromEntries(repayment.Posten.map((p) => [p.Code, { Bedrag: p.Bedrag, Minimaal: p.Minimaal }]));
assert.ok(Object.keys(shared.expected.Posten).length >= 8, 'the worked example lists every post');
assert.deepEqual(posts, shared.expected.Posten);
for (const total of [
  'TotaalLasten',
  'TotaalMinimaleLasten',
  'Afloscapaciteit',
  'MaximaleAfloscapaciteit',
  'Tekort',
  'MinimaalTekort',
  'NettoBesteedbaarInkomenPerMaand',
]) {
  assert.equal(repayment[total], shared.expected[total], total);
}
assert.equal(repayment.Rekenregels.Id, 'nl-2026');
console.log(
  `repayment: Levensonderhoud ${posts.Levensonderhoud}, TotaalLasten ${repayment.TotaalLasten}, Tekort ${repayment.Tekort} (as the worked example)`,
);

// retirement expenditure: every post and the totals of a worked example
const woman = example('pensioenuitgaven/02-alleenstaande-vrouw-huur-tussenwoning.json');
const retirement = retirementExpenditure(woman.request, { ruleSet: 'nl-2026' });
const amounts = Object.fromEntries(retirement.Posten.map((p) => [p.Code, { Basis: p.Basis, Voorbeeld: p.Voorbeeld }]));
assert.deepEqual(amounts, woman.expected.Posten);
assert.deepEqual(retirement.Totaal, woman.expected.Totaal);
console.log(
  `retirement: Totaal Basis ${retirement.Totaal.Basis}, Voorbeeld ${retirement.Totaal.Voorbeeld} (as the worked example)`,
);

// errors are the package's classes, with every issue listed
assert.throws(
  () => repaymentCapacity({}, { ruleSet: 'nl-2026' }),
  (error) => error instanceof ValidationError && error.issues.length > 1 && error.issues[0].code === 'required',
);
assert.throws(
  () => loadRuleSet({}),
  (error) => error instanceof RuleSetError && error.issues[0].code === 'missing_file',
);

// budgetnorm/node: the shipped folder is the bundled set, and its worked examples all pass
const folder = `${rules}nl-2026`;
const fromFolder = loadRuleSetFolder(folder);
assert.equal(fromFolder.hash, bundledCatalog().byId('nl-2026').hash, 'the shipped folder is the bundled set');
for (const calculation of ['afloscapaciteit', 'pensioenuitgaven']) {
  const outcomes = runWorkedExamples(fromFolder, calculation, readWorkedExamples(folder, calculation));
  assert.ok(outcomes.length > 0, `${calculation}: worked examples found`);
  const failed = outcomes.filter((o) => o.differences.length > 0 || o.problems.length > 0);
  assert.deepEqual(failed, [], `${calculation}: every worked example agrees`);
}
console.log('budgetnorm/node: the shipped nl-2026 folder loads, hash as bundled; its worked examples pass');

// budgetnorm/node's fast path (memos): the library's calculations take it up (one switch in one
// core), with the same results, first and again.
enableFastPaths();
try {
  for (let i = 0; i < 2; i += 1) {
    assert.deepEqual(repaymentCapacity(shared.request, { ruleSet: 'nl-2026' }), repayment);
    assert.deepEqual(retirementExpenditure(woman.request, { ruleSet: 'nl-2026' }), retirement);
  }
} finally {
  disableFastPaths();
}
console.log('budgetnorm/node: with enableFastPaths the calculations give the same results');

// budgetnorm/http: the web-standard app, called in-process
const app = createApp({ keys: ['consumer-key'], ruleSet: 'nl-2026', log: () => {} });
const response = await app.fetch(
  new Request(`http://localhost${PATHS.repayment}`, {
    method: 'POST',
    headers: { [KEY_HEADER]: 'consumer-key', 'content-type': 'application/json' },
    body: JSON.stringify(shared.request),
  }),
);
assert.equal(response.status, 200);
const body = await response.json();
assert.equal(body.Tekort, shared.expected.Tekort);
assert.deepEqual(body, JSON.parse(JSON.stringify(repayment)));
const refused = await app.fetch(new Request(`http://localhost${PATHS.repayment}`, { method: 'POST', body: '{}' }));
assert.equal(refused.status, 401);
console.log(`budgetnorm/http: POST ${PATHS.repayment} answered 200 with the library's result; no key: 401`);
