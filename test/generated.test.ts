/**
 * Generated files are fresh: every file `npm run generate` writes (JSON schemas of the rule
 * files, the bundled rule sets) equals what is committed. A stale one fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles, ROOT } from '../scripts/lib/generated-files.js';

describe('generated files', () => {
  const files = [...generatedFiles()];

  it('include the bundle, a schema per rule file kind and a sensitivity page per bundled set', () => {
    const paths = files.map(([path]) => path);
    expect(paths).toContain('src/calculations/bundled.generated.ts');
    for (const kind of [
      'manifest',
      'parameters',
      'tables',
      'sources',
      'calculation',
      'worked-example',
      'plausibility',
    ]) {
      expect(paths).toContain(`rules/schema/${kind}.schema.json`);
    }
    for (const id of ['nl-2025', 'nl-2026', 'vfn-2025', 'vfn-2026'])
      expect(paths).toContain(`docs/rules/sensitivity-${id}.md`);
    // Changes are shown between consecutive sets of one method family, never across families (issue 40).
    expect(paths.filter((p) => p.startsWith('docs/rules/diff-')).sort()).toEqual([
      'docs/rules/diff-nl-2025-nl-2026.md',
      'docs/rules/diff-vfn-2025-vfn-2026.md',
    ]);
  });

  it.each(files.map(([path, content]) => [path, content] as const))('%s is up to date', (path, content) => {
    const full = join(ROOT, path);
    expect(existsSync(full), `${path} is missing: run \`npm run generate\``).toBe(true);
    expect(readFileSync(full, 'utf8') === content, `${path} is stale: run \`npm run generate\``).toBe(true);
  });
});
