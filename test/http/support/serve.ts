// `npm start` from the TypeScript source, for tests that spawn the service as a process.
import { main } from '../../../src/node/server.js';

await main();
