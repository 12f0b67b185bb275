/**
 * Node-only helpers of budgetnorm: reading a rule-set folder from disk (an institution's own,
 * for example licensed, figures), running a rule set's worked examples, and the fast path of a
 * long-running process (memos). The core library never touches the file system; these helpers
 * read the files and hand them to `loadRuleSet`.
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
export { disableFastPaths, disableGeneratedCode, enableFastPaths, enableGeneratedCode } from './fast-paths.js';
export type { ExampleOutcome, ExampleDifference } from './worked-examples.js';
export type { FastPathSwitches } from './fast-paths.js';
