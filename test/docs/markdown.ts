/**
 * Reading the documentation pages for their tests: fenced code blocks with their info string
 * and line, and the Markdown table that follows a `<!-- check:… -->` marker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Page {
  readonly name: string;
  readonly text: string;
  readonly lines: readonly string[];
}

export function readPage(relativePath: string): Page {
  const text = readFileSync(`${ROOT}${relativePath}`, 'utf8');
  return { name: relativePath, text, lines: text.split('\n') };
}

export interface FencedBlock {
  /** The word after the language: `expression`, `condition`, … (empty when there is none). */
  readonly kind: string;
  readonly language: string;
  /** `key=value` words of the info string, e.g. `file=manifest.json`, `unit=EUR/month`. */
  readonly attributes: Readonly<Record<string, string>>;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly body: string;
  /** `docs/rules-format.md:123`, for messages. */
  readonly where: string;
  /** The whole info string after the fence, as written (`json condition calc=pensioenuitgaven`). */
  readonly info: string;
  /** The fence characters: three or more backticks, or tildes (which the convention refuses). */
  readonly fence: string;
  /** A problem with the info string itself (two bare words), reported by the classification. */
  readonly infoProblem?: string;
}

const OPENING = /^(\s*)(`{3,}|~{3,})\s*(.*)$/;

/**
 * Every fenced code block of a page: backtick and tilde fences, as CommonMark reads them (a
 * closing fence is the same character, at least as long, with nothing after it); an unclosed
 * fence is an error.
 */
export function fencedBlocks(page: Page): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let open:
    | {
        fence: string;
        info: string;
        language: string;
        kind: string;
        attributes: Record<string, string>;
        infoProblem: string | undefined;
        line: number;
        indent: string;
        body: string[];
      }
    | undefined;
  page.lines.forEach((text, i) => {
    if (open === undefined) {
      const m = OPENING.exec(text);
      if (m === null) return;
      const fence = m[2] as string;
      const info = (m[3] ?? '').trim();
      if (fence.startsWith('`') && info.includes('`')) return; // inline code such as ```a```, not a fence
      const [language = '', ...words] = info.split(/\s+/).filter((w) => w !== '');
      const attributes: Record<string, string> = {};
      let kind = '';
      let infoProblem: string | undefined;
      for (const w of words) {
        const eq = w.indexOf('=');
        if (eq > 0) attributes[w.slice(0, eq)] = w.slice(eq + 1);
        else if (kind === '') kind = w;
        else infoProblem ??= `unexpected word "${w}" in the info string`;
      }
      open = { fence, info, language, kind, attributes, infoProblem, line: i + 1, indent: m[1] ?? '', body: [] };
      return;
    }
    const close = /^\s*(`{3,}|~{3,})\s*$/.exec(text);
    if (close !== null && close[1]?.[0] === open.fence[0] && (close[1]?.length ?? 0) >= open.fence.length) {
      blocks.push({
        kind: open.kind,
        language: open.language,
        attributes: open.attributes,
        line: open.line,
        body: open.body.join('\n'),
        where: `${page.name}:${open.line}`,
        info: open.info,
        fence: open.fence,
        ...(open.infoProblem === undefined ? {} : { infoProblem: open.infoProblem }),
      });
      open = undefined;
      return;
    }
    open.body.push(text.startsWith(open.indent) ? text.slice(open.indent.length) : text);
  });
  if (open !== undefined) throw new Error(`${page.name}:${open.line}: code block is never closed`);
  return blocks;
}

/** The rows (cells trimmed) of the Markdown table right after each `<!-- check:<name> -->` marker. */
export function checkedTables(page: Page, name: string): { line: number; rows: string[][] }[] {
  const out: { line: number; rows: string[][] }[] = [];
  page.lines.forEach((text, i) => {
    if (text.trim() !== `<!-- check:${name} -->`) return;
    const rows: string[][] = [];
    let j = i + 1;
    while (j < page.lines.length && (page.lines[j] as string).trim() === '') j += 1;
    const header = j;
    for (; j < page.lines.length && (page.lines[j] as string).trim().startsWith('|'); j += 1) {
      if (j === header || j === header + 1) continue; // header and separator
      rows.push(
        (page.lines[j] as string)
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim()),
      );
    }
    out.push({ line: header + 1, rows });
  });
  return out;
}

/** `` `x` `` → `x`; anything else unchanged. */
export function unquote(cell: string): string {
  const m = /^`([^`]*)`$/.exec(cell);
  return m === null ? cell : (m[1] as string);
}

/** The pages whose fenced blocks follow the convention of docs/writing-docs.md: README.md and every docs/**\/*.md. */
export function docPages(): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(`${ROOT}${folder}`, { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return ['README.md', ...found.sort()];
}

/**
 * JSON block kinds checked by a test of their own page (rule-file fragments, the explanation
 * excerpt, the HTTP problem bodies): valid only on that page; the runner leaves them to it.
 */
export const CHECKED_ELSEWHERE: Readonly<Record<string, { readonly page: string; readonly by: string }>> = {
  expression: { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  condition: { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  parameter: { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  table: { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  manifest: { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  calculation: { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  'worked-example': { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  'sources-file': { page: 'docs/rules-format.md', by: 'test/docs/rules-format.test.ts' },
  'explanation-excerpt': { page: 'docs/explanation.md', by: 'test/docs/explanation.test.ts' },
  problems: { page: 'docs/http.md', by: 'test/http/docs.test.ts' },
  wrangler: { page: 'docs/deploy.md', by: 'test/docs/deploy.test.ts' },
};

/**
 * Code and configuration in other languages, or for another runtime than the docs test's Node,
 * checked by a test of their own page (`<language> <kind>`): the deployment recipes of
 * docs/deploy.md. The Dockerfile and the Kubernetes manifests are parsed and their command run;
 * the Worker, Deno and Bun modules run as written under workerd, Deno and Bun
 * (`npm run test:runtimes`).
 */
export const CODE_CHECKED_ELSEWHERE: Readonly<Record<string, { readonly page: string; readonly by: string }>> = {
  'dockerfile container': { page: 'docs/deploy.md', by: 'test/docs/deploy.test.ts' },
  'yaml kubernetes': { page: 'docs/deploy.md', by: 'test/docs/deploy.test.ts' },
  'js worker': { page: 'docs/deploy.md', by: 'test/runtimes/service.runtimes.ts' },
  'js deno': { page: 'docs/deploy.md', by: 'test/runtimes/service.runtimes.ts' },
  'js bun': { page: 'docs/deploy.md', by: 'test/runtimes/service.runtimes.ts' },
};

/** JSON request bodies: parsed and validated by the library (`expect=refused`: must be refused). */
export const REQUEST_KINDS = {
  'afloscapaciteit-request': 'afloscapaciteit',
  'pensioenuitgaven-request': 'pensioenuitgaven',
} as const;

/** What a fenced block is under the convention of docs/writing-docs.md. */
export type Classification =
  /** ```ts runnable / ```js runnable: an ES module, imported and run by the test suite. */
  | { readonly type: 'module'; readonly language: 'ts' | 'js' }
  /** ```sh runnable: shell commands, run from a scratch copy of the repository root. */
  | { readonly type: 'shell' }
  /** ```text output: what the ```sh runnable block right before it prints. */
  | { readonly type: 'output' }
  /** ```text file=NAME: a file the shell examples of the page can read (not code). */
  | { readonly type: 'input-file'; readonly name: string }
  /** ```text: output shown without its command, grammar, trees: not code. */
  | { readonly type: 'text' }
  /** ```json: parsed. */
  | { readonly type: 'json' }
  /** ```json afloscapaciteit-request / pensioenuitgaven-request [expect=refused] [file=NAME]. */
  | {
      readonly type: 'request';
      readonly calculation: 'afloscapaciteit' | 'pensioenuitgaven';
      readonly refused: boolean;
      readonly file: string | undefined;
    }
  /** ```json issues: the exact `ValidationError.issues` of the refused request block right before it. */
  | { readonly type: 'issues' }
  /** ```json issue: one `{ path, code, message }` with a known code. */
  | { readonly type: 'issue' }
  /** ```json <kind> checked by another test of its page (CHECKED_ELSEWHERE). */
  | { readonly type: 'checked-elsewhere'; readonly by: string };

const SAFE_FILE_NAME = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** A block's classification, or why it has none (the message names file and line). */
export function classify(block: FencedBlock, page: string): Classification | { readonly problem: string } {
  const refuse = (why: string) => ({
    problem: `${block.where}: \`\`\`${block.info} ${why} (see docs/writing-docs.md)`,
  });
  if (!block.fence.startsWith('```')) return refuse('is fenced with tildes: use backticks');
  if (block.infoProblem !== undefined) return refuse(`has an ${block.infoProblem}`);
  const attributes = Object.keys(block.attributes);
  const only = (...allowed: string[]): string | undefined => attributes.find((a) => !allowed.includes(a));
  const code = CODE_CHECKED_ELSEWHERE[`${block.language} ${block.kind}`];
  if (code !== undefined) {
    if (attributes.length > 0) return refuse(`has an attribute its page's test does not take (${attributes[0]})`);
    if (code.page !== page) return refuse(`is checked only on ${code.page} (by ${code.by}), not on ${page}`);
    return { type: 'checked-elsewhere', by: code.by };
  }
  switch (block.language) {
    case 'ts':
    case 'js':
      if (block.kind !== 'runnable')
        return refuse(`is code that is not run: mark it \`\`\`${block.language} runnable (or make it \`\`\`text)`);
      if (attributes.length > 0) return refuse(`has an attribute a runnable module cannot take (${attributes[0]})`);
      return { type: 'module', language: block.language };
    case 'sh':
      if (block.kind !== 'runnable') return refuse('is a shell example that is not run: mark it ```sh runnable');
      if (attributes.length > 0) return refuse(`has an attribute a shell example cannot take (${attributes[0]})`);
      return { type: 'shell' };
    case 'text': {
      if (block.kind === 'output') {
        const extra = only();
        return extra === undefined ? { type: 'output' } : refuse(`has an unknown attribute ${extra}`);
      }
      if (block.kind !== '') return refuse(`has an unknown kind "${block.kind}" (text takes output or file=NAME)`);
      const extra = only('file');
      if (extra !== undefined) return refuse(`has an unknown attribute ${extra}`);
      const file = block.attributes['file'];
      if (file === undefined) {
        // Markdown source shown as such (fences inside) is text; a transcript or a module is code.
        if (/^\s*```/m.test(block.body)) return { type: 'text' };
        if (/^\s*\$ \S/m.test(block.body))
          return refuse(
            'holds a shell transcript ($ …): make the commands ```sh runnable and their output ```text output',
          );
        if (/^\s*import\s[^;]*\sfrom\s+['"]/m.test(block.body))
          return refuse('holds an ES module: make it ```ts runnable or ```js runnable');
        return { type: 'text' };
      }
      if (!SAFE_FILE_NAME.test(file) || file.split('/').includes('..'))
        return refuse('names a file that is not a plain relative path');
      return { type: 'input-file', name: file };
    }
    case 'json': {
      if (block.kind === '') {
        const extra = only();
        return extra === undefined ? { type: 'json' } : refuse(`has an unknown attribute ${extra}`);
      }
      if (block.kind in REQUEST_KINDS) {
        const extra = only('expect', 'file');
        if (extra !== undefined) return refuse(`has an unknown attribute ${extra}`);
        const expect = block.attributes['expect'];
        if (expect !== undefined && expect !== 'refused') return refuse('takes only expect=refused');
        const file = block.attributes['file'];
        if (file !== undefined && (!SAFE_FILE_NAME.test(file) || file.split('/').includes('..')))
          return refuse('names a file that is not a plain relative path');
        return {
          type: 'request',
          calculation: REQUEST_KINDS[block.kind as keyof typeof REQUEST_KINDS],
          refused: expect === 'refused',
          file,
        };
      }
      if (block.kind === 'issues' || block.kind === 'issue') {
        const extra = only();
        return extra === undefined ? { type: block.kind } : refuse(`has an unknown attribute ${extra}`);
      }
      const elsewhere = CHECKED_ELSEWHERE[block.kind];
      if (elsewhere === undefined)
        return refuse(`has a kind "${block.kind}" that nothing checks (known: ${knownJsonKinds().join(', ')})`);
      if (elsewhere.page !== page)
        return refuse(`is checked only on ${elsewhere.page} (by ${elsewhere.by}), not on ${page}`);
      return { type: 'checked-elsewhere', by: elsewhere.by };
    }
    case '':
      return refuse('has no language: use ```text for output and non-code, or mark the code runnable');
    default:
      return refuse(`is in a language the test suite does not check ("${block.language}")`);
  }
}

function knownJsonKinds(): string[] {
  return [...Object.keys(REQUEST_KINDS), 'issues', 'issue', ...Object.keys(CHECKED_ELSEWHERE)];
}

export interface ClassifiedBlock {
  readonly block: FencedBlock;
  readonly classification: Classification;
}

/**
 * Every block of a page with its classification, and the problems: blocks without a valid
 * classification, and blocks whose place is wrong (an output block that does not follow a shell
 * example, an issues block that does not follow a refused request).
 */
export function classifyPage(page: Page): { blocks: ClassifiedBlock[]; problems: string[] } {
  const blocks: ClassifiedBlock[] = [];
  const problems: string[] = [];
  let blockList: FencedBlock[];
  try {
    blockList = fencedBlocks(page);
  } catch (error) {
    return { blocks, problems: [(error as Error).message] };
  }
  let previous: Classification | undefined;
  for (const block of blockList) {
    const c = classify(block, page.name);
    if ('problem' in c) {
      problems.push(c.problem);
      previous = undefined;
      continue;
    }
    if (c.type === 'output' && previous?.type !== 'shell')
      problems.push(`${block.where}: a \`\`\`text output block must come right after a \`\`\`sh runnable block`);
    else if (c.type === 'issues' && !(previous?.type === 'request' && previous.refused))
      problems.push(
        `${block.where}: a \`\`\`json issues block must come right after a request block with expect=refused`,
      );
    else blocks.push({ block, classification: c });
    previous = c;
  }
  problems.push(...indentedCode(page, blockList));
  return { blocks, problems: problems.sort(byLine) };
}

const byLine = (a: string, b: string): number =>
  Number(/:(\d+):/.exec(a)?.[1] ?? 0) - Number(/:(\d+):/.exec(b)?.[1] ?? 0);

/**
 * Indented code blocks (four spaces after a blank line, under a paragraph that is not part of a
 * list): Markdown shows them as code, but they have no info string, so they would escape.
 */
function indentedCode(page: Page, blocks: readonly FencedBlock[]): string[] {
  const fenced = new Set<number>();
  for (const b of blocks) for (let l = b.line; l <= b.line + b.body.split('\n').length + 1; l += 1) fenced.add(l);
  const problems: string[] = [];
  let lastText = '';
  page.lines.forEach((text, i) => {
    if (fenced.has(i + 1) || text.trim() === '') return;
    const previousBlank = i > 0 && (page.lines[i - 1] as string).trim() === '';
    const underParagraph = lastText !== '' && !/^\s/.test(lastText) && !/^([-*+]|\d+[.)])\s/.test(lastText);
    if (previousBlank && /^( {4}|\t)\S/.test(text) && underParagraph && !/^(#|\||>)/.test(lastText))
      problems.push(
        `${page.name}:${i + 1}: an indented code block: fence it with an info string (docs/writing-docs.md)`,
      );
    lastText = text;
  });
  return problems;
}
