// `npm start`: the HTTP service, from the build that `npm install` makes (prepare → dist/).
// Configuration: environment variables, see docs/http.md.
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';

// Node's compile cache where Node has one (22.8+; NODE_DISABLE_COMPILE_CACHE=1 turns it off): it
// covers the service's modules, imported below. Node 20 has none: nothing is called there.
nodeModule.enableCompileCache?.();

const entry = new URL('../dist/node/server.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('budgetnorm: dist/ is missing: run `npm install` (or `npm run build`) first.');
  process.exit(1);
}
const { main } = await import(entry.href);
await main();
