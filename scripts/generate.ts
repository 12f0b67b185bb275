/** Writes the generated files (JSON Schemas of rule files, the bundled rule sets, docs tables). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedFiles, ROOT } from './lib/generated-files.js';

for (const [path, content] of generatedFiles()) {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), content);
  console.log(`wrote ${path}`);
}
