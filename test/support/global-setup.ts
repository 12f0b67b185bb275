/**
 * Builds a stale or missing dist/ once, before any test file runs: test files that spawn the CLI
 * each call `ensureBuilt()`, and two of them building at once could bundle while the other's
 * tsc rewrites dist/.
 */
import { ensureBuilt } from '../../scripts/cli-ensure-built.js';

export function setup(): void {
  ensureBuilt();
}
