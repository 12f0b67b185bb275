/**
 * The table `npm run test:runtimes` prints at the end: each test file adds rows to a folder
 * shared through vitest's `provide` (global-setup.ts), and the global teardown prints them.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One runtime's line: the agreement run, and the service where it was served. */
export interface RuntimeRow {
  readonly runtime: string;
  readonly version: string;
  /** Worked examples run, and how many gave the same result JSON as Node (each 3 ways: bundled, loaded, explained). */
  readonly examples?: number;
  readonly identical?: number;
  /** Wall time of the agreement run: the runtime started, every example run three ways, the outcome back. */
  readonly agreementMs?: number;
  /** Spawn of the service process to its first 200 on /health. */
  readonly coldStartMs?: number;
  /** Requests per second of one calculation (POST /Afloscapaciteit/Resultaat), autocannon on loopback. */
  readonly requestsPerSecond?: number;
  /** HTTP checks passed / run against this runtime's service. */
  readonly httpChecks?: string;
  /** The bundle this runtime target loads, in bytes: raw / minified / minified+gzip, and its budget. */
  readonly bundle?: string;
}

export function addRows(folder: string, file: string, rows: readonly Partial<RuntimeRow>[]): void {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${file}.json`);
  let existing: Partial<RuntimeRow>[] = [];
  try {
    existing = JSON.parse(readFileSync(path, 'utf8')) as Partial<RuntimeRow>[];
  } catch {
    existing = [];
  }
  writeFileSync(path, JSON.stringify([...existing, ...rows]));
}

const ORDER = ['Node', 'Chromium', 'Deno', 'Bun', 'workerd'];

/** Every row of the folder merged by runtime, as a Markdown table. */
export function formatTable(folder: string): string {
  const merged = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(folder).sort()) {
    for (const row of JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>[]) {
      const key = String(row['runtime']);
      merged.set(key, { ...merged.get(key), ...row });
    }
  }
  const rows = [...merged.values()].sort(
    (a, b) => ORDER.indexOf(String(a['runtime'])) - ORDER.indexOf(String(b['runtime'])),
  );
  const cell = (value: unknown, format: (v: number) => string = String): string =>
    value === undefined ? '–' : typeof value === 'number' ? format(value) : String(value);
  const ms = (v: number): string => `${Math.round(v).toLocaleString('en')} ms`;
  const header = [
    'runtime',
    'version',
    'examples',
    'identical',
    'time',
    'cold start',
    'requests/s',
    'HTTP checks',
    'bundle (budget)',
  ];
  const lines = rows.map((r) =>
    [
      cell(r['runtime']),
      cell(r['version']),
      cell(r['examples']),
      cell(r['identical']),
      cell(r['agreementMs'], ms),
      cell(r['coldStartMs'], ms),
      cell(r['requestsPerSecond'], (v) => {
        // Beside the Node service measured in the same run: the ratio is what compares across machines.
        const node = merged.get('Node')?.['requestsPerSecond'];
        const ratio = typeof node === 'number' && node > 0 ? ` (${(v / node).toFixed(2)}× Node)` : '';
        return `${Math.round(v).toLocaleString('en')}${ratio}`;
      }),
      cell(r['httpChecks']),
      cell(r['bundle']),
    ].join(' | '),
  );
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => ' --- ').join('|')}|`,
    ...lines.map((l) => `| ${l} |`),
  ].join('\n');
}
