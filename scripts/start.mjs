// `npm start`: the HTTP service, from the build that `npm install` makes (prepare → dist/).
// Configuration: environment variables, see docs/http.md.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/node/server.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('budgetnorm: dist/ is missing: run `npm install` (or `npm run build`) first.');
  process.exit(1);
}
const { main } = await import(entry.href);
await main();
