/**
 * The command line run on this process, as the `budgetnorm` executable runs it: from the
 * sources, src/cli/main.ts; built, the launcher dist/cli/main.cjs (src/cli/launcher.ts), which
 * requires this module's bundle, dist/cli/cli.cjs.
 */
import { main } from './cli.js';
import { nodeIo } from './io.js';

/** Runs `process.argv`'s command and sets `process.exitCode`. */
export async function runOnProcess(): Promise<void> {
  // A failed write to stdout or stderr (a full disk, a reader that went away: `… | head`) is
  // reported by the write that failed, with exit 3 and a message, never as a crash: nodeIo
  // guards each stream when it makes it.
  process.exitCode = await main(process.argv.slice(2), nodeIo());
}
