#!/usr/bin/env node
/** The `budgetnorm` executable (package.json `bin`): runs the command line on this process. */
import { main } from './cli.js';
import { nodeIo } from './io.js';

// A reader that goes away (`budgetnorm … | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2), nodeIo());
