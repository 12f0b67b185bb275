/**
 * The content hash that identifies a rule set in every result: SHA-256 over a canonical
 * JSON form of its rule files, so the same figures and rules always give the same hash
 * however the files are formatted, and any changed value gives another.
 *
 * Canonical form: the object `{ "<file name>": <content>, … }` of the rule files (not the
 * `tests/` folder: worked examples do not change any result), with object keys sorted at
 * every level, no white space, strings and numbers as JSON.stringify writes them, and each
 * file's top-level `$schema` (editor metadata) left out. SHA-256 is @noble/hashes: audited,
 * synchronous, and the same in every runtime.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export function hashRuleFiles(files: Readonly<Record<string, unknown>>): string {
  const forHash: Record<string, unknown> = {};
  for (const [name, content] of Object.entries(files)) {
    if (content !== null && typeof content === 'object' && !Array.isArray(content)) {
      const { $schema: _editorOnly, ...rest } = content as Record<string, unknown>;
      forHash[name] = rest;
    } else {
      forHash[name] = content;
    }
  }
  return bytesToHex(sha256(new TextEncoder().encode(canonicalJson(forHash))));
}
