/**
 * A batch worker thread: loads the rule set once, then processes chunks as they come and
 * sends each outcome back (its buffers transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { bundledCatalog, loadRuleSet, type RuleSet } from '../../index.js';
import { SpareBuffers } from './byte-sink.js';
import { createChunkProcessor, type Chunk } from './records.js';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol.js';
import { errorMessage } from '../../contract/errors.js';
import { enableFastPaths } from '../../node/fast-paths.js';

// A worker evaluates thousands of households: the memos pay for themselves at once.
enableFastPaths();

const port = parentPort;
if (port === null) throw new Error('budgetnorm batch worker: not started as a worker thread');
const init = workerData as WorkerInit;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const spares = new SpareBuffers();
let processChunk: ((chunk: Chunk) => ReturnType<ReturnType<typeof createChunkProcessor>>) | undefined;
try {
  const ruleSet: RuleSet =
    init.ruleSet.kind === 'bundled'
      ? bundledCatalog().byId(init.ruleSet.id)
      : loadRuleSet(init.ruleSet.files, init.ruleSet.origin);
  if (ruleSet.hash !== init.hash)
    throw new Error(`the worker loaded rule set ${ruleSet.id} with hash ${ruleSet.hash}, not ${init.hash}`);
  processChunk = createChunkProcessor(init.settings, ruleSet, undefined, spares);
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', message: errorMessage(error) });
}

port.on('message', (message: ToWorker) => {
  if ('recycle' in message) {
    spares.give(message.recycle);
    return;
  }
  const chunk: Chunk = message;
  if (processChunk === undefined) return;
  const outcome = processChunk(chunk);
  const transfer = [outcome.out.buffer, outcome.err.buffer].filter(
    (b, i, all): b is ArrayBuffer => b instanceof ArrayBuffer && b.byteLength > 0 && all.indexOf(b) === i,
  );
  post({ type: 'done', outcome }, transfer);
});
