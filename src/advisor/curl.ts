/**
 * The request as text to copy: the body as JSON, and a curl command that sends exactly that
 * body to this service's API. The command reads the key from the shell variable
 * `BUDGETNORM_KEY`, so a copied command never holds the key itself (and no screenshot or
 * clipboard history shows it).
 */
import { type ApiRequest, KEY_HEADER, apiUrl } from './api.js';

/** The shell variable the curl command reads the key from. */
export const KEY_VARIABLE = 'BUDGETNORM_KEY';

/** The body as the page shows it: JSON, indented by two spaces. */
export function jsonText(body: unknown): string {
  return JSON.stringify(body, null, 2);
}

/** One argument for a POSIX shell, in single quotes (a quote inside as `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * `curl` sending the body (compact JSON, `--data-binary` so not a byte changes) to the API
 * with the rule set of the page, the key from `$BUDGETNORM_KEY`, and JSON as content type.
 */
export function curlCommand(request: Omit<ApiRequest, 'explain'>, body: unknown): string {
  return [
    `curl -sS -X POST ${shellQuote(apiUrl({ ...request, explain: false }))}`,
    `  -H "${KEY_HEADER}: $${KEY_VARIABLE}"`,
    `  -H 'Content-Type: application/json'`,
    `  --data-binary ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}
