/**
 * Imported first by main.ts, before the library: tells zod (which validates the requests) not
 * to compile parsers with `new Function`. The page's Content-Security-Policy forbids that
 * (no 'unsafe-eval'), so zod would fall back anyway, but only after a probe that the browser
 * reports as a CSP violation. The results are the same either way.
 */
import { config } from 'zod';

config({ jitless: true });
