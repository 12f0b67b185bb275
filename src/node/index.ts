/** Node-only helpers of budgetnorm: reading rule-set folders from disk. */
export {
  loadRuleSetFolder,
  loadRuleSetFolderWithReport,
  readRuleSetFolder,
  readWorkedExamples,
} from './load-folder.js';
export { runWorkedExample, runWorkedExamples } from './worked-examples.js';
export type { ExampleOutcome, ExampleDifference } from './worked-examples.js';
