/**
 * Node-only: reads a rule-set folder from disk, for institutions with their own (for
 * example licensed) figures. The core never touches the file system; this shell reads the
 * files, reports unreadable JSON by file, line and column, and hands the parsed files to
 * `loadRuleSet`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import { loadRuleSetWithReport, type LoadReport } from '../engine/verify.js';
import type { RuleSet } from '../rules/rule-set.js';

/** The JSON files of a rule-set folder (rule files and `tests/**`), parsed. Throws on unreadable JSON. */
export function readRuleSetFolder(folder: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const issues: RuleSetIssue[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      const name = relative(folder, full).split(sep).join('/');
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.endsWith('.json')) {
        issues.push({ file: name, path: '$', code: 'unknown_file', message: 'a rule set holds only .json files' });
        continue;
      }
      const text = readFileSync(full, 'utf8');
      try {
        files[name] = JSON.parse(text);
      } catch (error) {
        issues.push({ file: name, path: '$', code: 'invalid_json', message: describeJsonError(text, error) });
      }
    }
  };
  walk(folder);
  if (issues.length > 0) throw new RuleSetError(issues, `Rule set folder ${folder} cannot be read`);
  return files;
}

function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  if (at === null) return `not valid JSON: ${message}`;
  const offset = Number(at[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `not valid JSON at line ${line}, column ${column}: ${message}`;
}

/** Reads, checks and returns the rule set in a folder. */
export function loadRuleSetFolder(folder: string): RuleSet {
  return loadRuleSetFolderWithReport(folder).ruleSet;
}

export function loadRuleSetFolderWithReport(folder: string): LoadReport {
  return loadRuleSetWithReport(readRuleSetFolder(folder), folder);
}

/** The worked examples of a rule-set folder, by path under `tests/`. */
export function readWorkedExamples(folder: string, calculation: string): Record<string, unknown> {
  const files = readRuleSetFolder(folder);
  const prefix = `tests/${calculation}/`;
  return Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith(prefix)));
}
