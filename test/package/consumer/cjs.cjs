/**
 * The installed ESM-only package required from CommonJS: Node >= 20.19 loads ES modules
 * with `require()` (no flag; no warning unless --trace-require-module). The namespace is
 * the same module instance `import()` gives. Run by scripts/test-consumer.mjs, which also
 * requires an empty stderr.
 */
'use strict';
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const warnings = [];
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));

assert.equal(process.features.require_module, true, `Node ${process.version} cannot require ES modules`);

const budgetnorm = require('budgetnorm');
const budgetnormNode = require('budgetnorm/node');
const budgetnormHttp = require('budgetnorm/http');

const rules = join(dirname(require.resolve('budgetnorm/package.json')), 'rules');
const shared = JSON.parse(
  readFileSync(join(rules, 'nl-2026', 'tests', 'afloscapaciteit', 'alleenstaand-huur-aow.json'), 'utf8'),
);
const result = budgetnorm.repaymentCapacity(shared.request, { ruleSet: 'nl-2026' });
assert.equal(result.Tekort, shared.expected.Tekort);
assert.equal(result.TotaalLasten, shared.expected.TotaalLasten);
assert.throws(() => budgetnorm.retirementExpenditure({ Hoofdpersonen: [] }), budgetnorm.ValidationError);
assert.equal(typeof budgetnormNode.loadRuleSetFolder, 'function');
assert.equal(typeof budgetnormHttp.createApp, 'function');

import('budgetnorm')
  .then((namespace) => {
    assert.equal(namespace.ValidationError, budgetnorm.ValidationError, 'require() and import() share one instance');
    return new Promise((resolve) => setTimeout(resolve, 10));
  })
  .then(() => {
    assert.deepEqual(warnings, [], 'require() of the package emits no warning');
    console.log(
      `require('budgetnorm') on Node ${process.version}: Tekort ${result.Tekort} as the worked example; budgetnorm/node and budgetnorm/http load; no warning`,
    );
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
