/**
 * The agreement Worker for workerd (bundles.ts bundles the published `budgetnorm` into it):
 * answers a POST of the harness input with the harness's outcome as JSON.
 */
import * as core from '../../../src/index.js';
import { runAgreement, type AgreementInput } from '../../browser/agreement-harness.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const input = (await request.json()) as AgreementInput;
    return new Response(JSON.stringify(runAgreement(core, input)), { headers: { 'Content-Type': 'application/json' } });
  },
};
