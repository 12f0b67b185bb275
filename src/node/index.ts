/**
 * Node-only helpers of budgetnorm: reading a rule-set folder from disk (an institution's own,
 * for example licensed, figures) and running a rule set's worked examples. The core library
 * never touches the file system; these helpers read the files and hand them to `loadRuleSet`.
 *
 * @module budgetnorm/node
 */
export {
  loadRuleSetFolder,
  loadRuleSetFolderWithReport,
  readRuleSetFolder,
  readWorkedExamples,
} from './load-folder.js';
export { runWorkedExample, runWorkedExamples } from './worked-examples.js';
export type { ExampleOutcome, ExampleDifference } from './worked-examples.js';
