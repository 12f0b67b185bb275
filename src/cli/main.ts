#!/usr/bin/env node
/** The `budgetnorm` executable (package.json `bin`): runs the command line on this process. */
import { main } from './cli.js';
import { guardErrors, nodeIo } from './io.js';

// A failed write to stdout or stderr (a full disk, a reader that went away: `… | head`) is
// reported by the write that failed, with exit 3 and a message, never as a crash.
guardErrors(process.stdout);
guardErrors(process.stderr);

process.exitCode = await main(process.argv.slice(2), nodeIo());
