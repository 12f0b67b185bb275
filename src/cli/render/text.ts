/** Small text helpers: aligned columns, Dutch thousands separators, Markdown cells. */

/** The width of a string as a terminal shows it (code points; our texts have no wide characters). */
export function width(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

function pad(text: string, size: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, size - width(text)));
  return align === 'left' ? text + gap : gap + text;
}

/** Rows of cells as aligned lines (columns two spaces apart, trailing spaces trimmed). */
export function alignRows(
  rows: readonly (readonly string[])[],
  align: readonly ('left' | 'right')[] = [],
  indent = '',
): string[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, width(cell));
    });
  return rows.map((row) =>
    (indent + row.map((cell, i) => pad(cell, widths[i] ?? 0, align[i] ?? 'left')).join('  ')).trimEnd(),
  );
}

/**
 * Words of `text` in lines of at most `size` characters (a word longer than that stands alone
 * on its line, whole: a table never cuts a word).
 */
export function wrapWords(text: string, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line === '') line = word;
    else if (width(line) + 1 + width(word) <= size) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  return [...lines, line];
}

/**
 * Like {@link alignRows}, but the cells of one column (`wrap`) wrap, continuing two spaces
 * further in, so that no line is wider than `maxWidth` while the other columns fit whole.
 */
export function alignRowsWithin(
  rows: readonly (readonly string[])[],
  options: { align: readonly ('left' | 'right')[]; indent: string; maxWidth: number; wrap: number },
): string[] {
  const { align, indent, maxWidth, wrap } = options;
  const columns = Math.max(0, ...rows.map((r) => r.length));
  let others = 2 * (columns - 1);
  for (let i = 0; i < columns; i++) if (i !== wrap) others += Math.max(0, ...rows.map((r) => width(r[i] ?? '')));
  const room = maxWidth - width(indent) - others;
  const wrapped: string[][] = [];
  for (const row of rows) {
    const cell = row[wrap] ?? '';
    const lead = /^ */.exec(cell)?.[0] ?? '';
    const [head = '', ...tail] = wrapWords(cell, room - lead.length - 2);
    wrapped.push(row.map((c, i) => (i === wrap ? lead + head : c)));
    for (const more of tail) wrapped.push(row.map((_, i) => (i === wrap ? `${lead}  ${more}` : '')));
  }
  return alignRows(wrapped, align, indent);
}

/** 12345.5 → `12.345,5` (Dutch notation); whole euros have no decimals. */
export function dutchNumber(value: number): string {
  const [whole = '0', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '−' : ''}${grouped}${fraction === undefined ? '' : `,${fraction}`}`;
}

/** Text fit for a Markdown table cell. */
export function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A Markdown table. */
export function mdTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('left' | 'right')[] = [],
): string[] {
  const rule = header.map((_, i) => (align[i] === 'right' ? '---:' : '---'));
  return [header, rule, ...rows].map((r) => `| ${r.map((c) => (r === rule ? c : mdCell(c))).join(' | ')} |`);
}
