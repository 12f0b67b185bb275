/**
 * The test page's script. The bundler test (fixtures.ts) rewrites the import of
 * src/index.js to `./budgetnorm.js`, the browser bundle, so in the page this is a plain ES
 * module import of the shipped bundle; the harness is the same code Node runs.
 */
import * as core from '../../src/index.js';
import { runAgreement, type AgreementInput, type AgreementOutput } from './agreement-harness.js';

declare global {
  var budgetnormAgreement: ((input: AgreementInput) => AgreementOutput) | undefined;
}

globalThis.budgetnormAgreement = (input) => runAgreement(core, input);
