/**
 * Broken copies of rules/nl-2026, one per class of defect, for the fault tests: each names the
 * file and the JSON path the loader must point at.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RULES_2026 = new URL('../../../rules/nl-2026/', import.meta.url).pathname;

// biome-ignore lint/suspicious/noExplicitAny: rule files are edited freely here
type Json = Record<string, any>;

export interface Defect {
  readonly name: string;
  readonly file: string;
  /** The JSON path the message must name. */
  readonly path: string;
  readonly code: string;
  /** Changes the copy in `folder`. */
  readonly apply: (folder: string) => void;
}

/** Rewrites one JSON file of a rule-set folder. */
export function editJson(folder: string, file: string, edit: (json: Json) => void): void {
  const path = join(folder, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(json);
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}

/** Where the post `code` stands in nl-2026's repayment calculation: paths name posts by index. */
const postIndex = (code: string): number =>
  (JSON.parse(readFileSync(join(RULES_2026, 'afloscapaciteit.json'), 'utf8')) as Json)['posts'].findIndex(
    (p: Json) => p['code'] === code,
  );
const VERVOER = postIndex('Vervoer');
const WOONLASTEN = postIndex('Woonlasten');

export const DEFECTS: readonly Defect[] = [
  {
    name: 'bad JSON (a trailing comma)',
    file: 'parameters.json',
    path: '$',
    code: 'invalid_json',
    apply: (folder) => {
      const path = join(folder, 'parameters.json');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/\}\s*$/, '},\n'));
    },
  },
  {
    name: 'unknown key (a misspelt title)',
    file: 'manifest.json',
    path: '$.titel',
    code: 'unknown_key',
    apply: (folder) =>
      editJson(folder, 'manifest.json', (j) => {
        j['titel'] = 'typo';
      }),
  },
  {
    name: 'missing source',
    file: 'parameters.json',
    path: '$.parameters.aowLeeftijd.source',
    code: 'missing_source',
    apply: (folder) =>
      editJson(folder, 'parameters.json', (j) => {
        j['parameters'].aowLeeftijd.source = 'bestaat-niet';
      }),
  },
  {
    name: 'dangling reference (a parameter that does not exist)',
    file: 'afloscapaciteit.json',
    path: `$.posts[${VERVOER}].rules[0].amounts.minimaal.multiply[0].param`,
    code: 'dangling_reference',
    apply: (folder) =>
      editJson(folder, 'afloscapaciteit.json', (j) => {
        j['posts'][VERVOER].rules[0].amounts.minimaal.multiply[0] = { param: 'bestaatNiet' };
      }),
  },
  {
    name: 'uncovered post (no rule for owners)',
    file: 'afloscapaciteit.json',
    path: `$.posts[${WOONLASTEN}]`,
    code: 'uncovered_post',
    apply: (folder) =>
      editJson(folder, 'afloscapaciteit.json', (j) => {
        const woonlasten = j['posts'][WOONLASTEN];
        woonlasten.rules = woonlasten.rules.filter(
          (r: Json) => !String(r['id']).startsWith('woonlasten-koop') && r['id'] !== 'woonlasten-huurvelden-bij-koop',
        );
      }),
  },
];

/** A copy of rules/nl-2026 in a new temporary folder. */
export function copyOf2026(): string {
  const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-broken-'));
  cpSync(RULES_2026, folder, { recursive: true });
  return folder;
}
