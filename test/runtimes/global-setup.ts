/**
 * `npm run test:runtimes`, once for all its test files: builds when dist/ is stale, lays out
 * the scratch project with the packed package (project.ts) and hands its folder to the tests;
 * at the end prints the table of runtimes (report.ts) and removes the scratch folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeConsumerProject } from './project.js';
import { formatTable } from './report.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The scratch project with the packed package installed (project.ts). */
    runtimesProject: string;
    /** The packed tarball: name, bytes packed and unpacked. */
    runtimesTarball: { name: string; bytes: number; unpackedBytes: number };
    /** Where the test files put their rows of the table. */
    runtimesReport: string;
  }
}

export default function setup(project: TestProject): () => void {
  const consumer = makeConsumerProject();
  const report = mkdtempSync(join(tmpdir(), 'budgetnorm-runtimes-report-'));
  project.provide('runtimesProject', consumer.dir);
  project.provide('runtimesTarball', consumer.tarball);
  project.provide('runtimesReport', report);
  return () => {
    try {
      console.log(`\nbudgetnorm on every runtime (${consumer.tarball.name}):\n\n${formatTable(report)}\n`);
    } finally {
      rmSync(report, { recursive: true, force: true });
      rmSync(dirname(consumer.dir), { recursive: true, force: true });
    }
  };
}
