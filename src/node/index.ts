/**
 * Node-only helpers of budgetnorm: reading a rule-set folder from disk (an institution's own,
 * for example licensed, figures), running a rule set's worked examples, and running the code
 * the engine generates for a rule set (`node:vm`). The core library never touches the file
 * system nor runs code it writes; these helpers read the files and hand them to `loadRuleSet`,
 * and compile the generated code.
 *
 * @module budgetnorm/node
 */
export {
  loadRuleSetFolder,
  loadRuleSetFolderWithReport,
  MAX_RULE_FILE_BYTES,
  readRuleSetFolder,
  readWorkedExamples,
} from './load-folder.js';
export { runWorkedExample, runWorkedExamples } from './worked-examples.js';
export { disableGeneratedCode, enableGeneratedCode } from './generated-code.js';
export type { ExampleOutcome, ExampleDifference } from './worked-examples.js';
export type { FastPathSwitches } from './generated-code.js';
