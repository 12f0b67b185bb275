/**
 * The code blocks of docs/deploy.md that run in another runtime than the docs test's Node:
 * `js worker` (workerd), `js deno` (Deno), `js bun` (Bun), and the `json wrangler`
 * configuration the Worker runs with. service.runtimes.ts runs them exactly as written.
 */
import { fencedBlocks, readPage } from '../docs/markdown.js';

export const DEPLOY_PAGE = 'docs/deploy.md';

/** The body of the one block of the page with this language and kind; throws when there is not exactly one. */
export function deployBlock(language: string, kind: string): string {
  const blocks = fencedBlocks(readPage(DEPLOY_PAGE)).filter((b) => b.language === language && b.kind === kind);
  if (blocks.length !== 1)
    throw new Error(`${DEPLOY_PAGE} has ${blocks.length} \`\`\`${language} ${kind} blocks, not one`);
  return (blocks[0] as { body: string }).body;
}

export interface WranglerConfig {
  readonly name: string;
  readonly main: string;
  readonly compatibility_date: string;
  readonly vars?: Readonly<Record<string, string>>;
}

/** The `json wrangler` block, parsed. */
export function wranglerConfig(): WranglerConfig {
  return JSON.parse(deployBlock('json', 'wrangler')) as WranglerConfig;
}
