/**
 * Part of `npm run build`: writes the advisor page (docs/advisor.md) to dist/advisor/:
 * index.html, advisor.js (the page's code with the library's browser build inside, minified)
 * and advisor.css. The service serves them at GET / (src/http/advisor-page.ts).
 */
import { buildAdvisorPage, gzipSize, writeAdvisorPage } from './lib/browser-build.js';

const page = await buildAdvisorPage();
for (const path of writeAdvisorPage(page)) console.log(`wrote ${path}`);
const bytes = Buffer.byteLength(page.script, 'utf8');
console.log(`  advisor.js ${bytes.toLocaleString('en')} bytes, ${gzipSize(page.script).toLocaleString('en')} gzipped`);
