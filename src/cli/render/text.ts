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
