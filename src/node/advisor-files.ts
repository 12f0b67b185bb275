/**
 * Reads the built advisor page (`npm run build` writes it to `dist/advisor/`) for the Node
 * entry, which hands it to the app (src/http/advisor-page.ts). A page that was not built is
 * not an error: the service starts, and `GET /` says the page is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdvisorPage, AdvisorPageMissing } from '../http/advisor-page.js';

/** `dist/advisor/` of this package, from the source (src/node/) and from the build (dist/node/) alike. */
export const ADVISOR_DIST_DIR = fileURLToPath(new URL('../../dist/advisor/', import.meta.url));

/** The files of the built page, by their name in the folder. */
export const ADVISOR_FILES = { html: 'index.html', script: 'advisor.js', style: 'advisor.css' } as const;

/** The page's three files from a folder, or why they cannot be served (a file missing or unreadable). */
export function readAdvisorPage(dir: string = ADVISOR_DIST_DIR): AdvisorPage | AdvisorPageMissing {
  const read = (name: string): string | undefined => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const html = read(ADVISOR_FILES.html);
  const script = read(ADVISOR_FILES.script);
  const style = read(ADVISOR_FILES.style);
  if (html === undefined || script === undefined || style === undefined) {
    const absent = Object.values(ADVISOR_FILES).filter((name) => read(name) === undefined);
    return { missing: `dist/advisor/ has no ${absent.join(', ')}` };
  }
  return { html, script, style };
}
