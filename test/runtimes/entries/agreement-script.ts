/**
 * The agreement program for Node, Deno and Bun (bundles.ts makes it import the published
 * `budgetnorm`): runs the harness of test/browser/ on the input module written beside it and
 * prints the outcome as one JSON line. Only web-standard globals: the same file runs in all three.
 */
import * as core from '../../../src/index.js';
import { runAgreement, type AgreementInput } from '../../browser/agreement-harness.js';
// @ts-expect-error: written beside the bundle by the test (agreement.runtimes.ts), not a source file
import input from './agreement-input.mjs';

console.log(JSON.stringify(runAgreement(core, input as AgreementInput)));
