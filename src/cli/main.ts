#!/usr/bin/env node
/**
 * The `budgetnorm` executable from the sources (package.json `bin` is its build: a launcher
 * that scripts/bundle.mjs writes in its place): runs the command line on this process.
 */
import { runOnProcess } from './launch.js';

await runOnProcess();
