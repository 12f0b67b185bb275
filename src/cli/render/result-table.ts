/**
 * `--format table`: a result as a person reads it. Dutch labels, amounts in whole euros with
 * Dutch thousands separators, the warnings and the rule set below. With `--explain`, each
 * post's rules (applied or not, and why) and the figures it used, with their sources.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../../contract/results.js';
import type { AmountTrace, Explanation, FigureUse } from '../../contract/explanation.js';
import type { Onderbouwing } from '../../contract/results.js';
import { PROVENANCE_LABELS, PROVENANCE_MEANINGS } from '../../contract/provenance-labels.js';
import { repaymentMeasureTexts } from '../../contract/repayment-measures.js';
import { RULE_SET_STATUS_IN_DUTCH } from '../../contract/rule-set-status.js';
import { becauseWords } from './because.js';
import { alignRowsWithin, dutchNumber, wrapWords } from './text.js';

/** The widest line of a table (the explanation below it may be wider: it quotes sources). */
export const TABLE_WIDTH = 100;

const euro = (n: number) => dutchNumber(n);

function footer(result: RepaymentCapacityResult | RetirementExpenditureResult): string[] {
  const lines = ['', 'Bedragen in euro per maand.'];
  if (result.Meldingen.length > 0) {
    lines.push('', 'Meldingen:');
    lines.push(
      ...alignRowsWithin(
        result.Meldingen.map((m) => [m.Code, m.Tekst]),
        { align: [], indent: '  ', maxWidth: TABLE_WIDTH, wrap: 1 },
      ),
    );
  }
  const r = result.Rekenregels;
  lines.push(
    '',
    `Rekenregels: ${r.Id} (${RULE_SET_STATUS_IN_DUTCH[r.Status]}), geldig ${r.GeldigVanaf} t/m ${r.GeldigTot}`,
    ...(r.Methode === undefined ? [] : [`Methode: ${r.Methode.Naam} (${r.Methode.Id})`]),
    `Hash: ${r.Hash}`,
  );
  return lines;
}

/** The word for how well founded an amount is, for the table's last column ('' without `Onderbouwing`). */
const founded = (o: Onderbouwing | undefined): string[] => (o === undefined ? [] : [PROVENANCE_LABELS[o.Zwakst]]);

/**
 * Below a table with `--provenance`: what the words mean, then per amount that rests on any,
 * its estimates and values to verify by name (as docs/estimates.md names them).
 */
function foundationSection(amounts: readonly (readonly [string, Onderbouwing | undefined])[]): string[] {
  if (amounts.every(([, o]) => o === undefined)) return [];
  const lines = ['', 'Onderbouwing: het zwakste cijfer waarop het bedrag rust.'];
  lines.push(
    ...alignRowsWithin(
      Object.entries(PROVENANCE_LABELS).map(([kind, label]) => [
        label,
        PROVENANCE_MEANINGS[kind as keyof typeof PROVENANCE_MEANINGS],
      ]),
      { align: [], indent: '  ', maxWidth: TABLE_WIDTH, wrap: 1 },
    ),
  );
  const listed: string[] = [];
  for (const [name, o] of amounts) {
    if (o === undefined) continue;
    const lists = [
      ['schatting', o.Schattingen],
      ['te verifiëren', o.TeVerifieren],
    ] as const;
    const parts = lists.filter(([, names]) => names.length > 0);
    if (parts.length === 0) continue;
    listed.push(`  ${name}`);
    for (const [label, names] of parts) {
      const wrapped = wrapWords(`${label}: ${names.join(', ')}`, TABLE_WIDTH - 6);
      listed.push(...wrapped.map((l, i) => `${i === 0 ? '    ' : '      '}${l}`));
    }
  }
  if (listed.length > 0) lines.push('', 'Schattingen en te verifiëren waarden per bedrag:', ...listed);
  return lines;
}

/** The groups of a calculation file's posts, when it declares them (`groups`, a post's `group`). */
export interface PostGroups {
  readonly groups?: readonly { readonly code: string; readonly description: string }[] | undefined;
  readonly posts: readonly { readonly code: string; readonly group?: string | undefined }[];
}

export function repaymentTable(result: RepaymentCapacityResult, calculation?: PostGroups): string {
  // A post by its description alone: its code (the JSON's `Code`) would say the same again.
  const withFoundation = result.OnderbouwingTotalen !== undefined;
  const totals = result.OnderbouwingTotalen;
  const blank = withFoundation ? [''] : [];
  // Two columns of amounts, as the result has them: `Bedrag` (and the totals from it) and
  // `Minimaal` (ending in MaximaleAfloscapaciteit); what they mean depends on the method.
  const rows: string[][] = [['Post', 'Bedrag', 'Minimaal', ...(withFoundation ? ['Onderbouwing'] : [])]];
  rows.push(...repaymentPostRows(result, calculation, blank));
  rows.push(['', '', '', ...blank]);
  rows.push([
    'Totaal lasten',
    euro(result.TotaalLasten),
    euro(result.TotaalMinimaleLasten),
    ...founded(totals?.TotaalLasten),
  ]);
  const income = euro(result.NettoBesteedbaarInkomenPerMaand);
  rows.push(['Netto besteedbaar inkomen', income, income, ...blank]);
  rows.push(['Tekort', euro(result.Tekort), euro(result.MinimaalTekort), ...founded(totals?.Tekort)]);
  rows.push([
    'Afloscapaciteit',
    euro(result.Afloscapaciteit),
    euro(result.MaximaleAfloscapaciteit),
    ...founded(totals?.Afloscapaciteit),
  ]);
  const words = repaymentMeasureTexts(result.Rekenregels.Methode);
  const lines = [
    'Afloscapaciteit',
    ...wrapWords(`Bedrag: ${words.bedrag}. Minimaal: ${words.minimaal}.`, TABLE_WIDTH),
    '',
    ...amountRows(rows),
    ...foundationSection([
      ...result.Posten.map((p) => [p.Omschrijving, p.Onderbouwing] as const),
      ['Totaal lasten, Tekort, Afloscapaciteit (ook minimaal)', totals?.TotaalLasten],
    ]),
    ...footer(result),
  ];
  if (result.Uitleg !== undefined) lines.push('', ...explanation(result.Uitleg));
  return `${lines.join('\n')}\n`;
}

/**
 * The posts' rows. When the calculation file groups posts (the living-cost posts of a reference
 * budget, say), a group's posts are indented under its name and followed by a subtotal of the
 * shown amounts; ungrouped posts, and every post of a file without groups, stand on their own.
 */
function repaymentPostRows(
  result: RepaymentCapacityResult,
  calculation: PostGroups | undefined,
  blank: readonly string[],
): string[][] {
  const groupOf = new Map((calculation?.posts ?? []).map((p) => [p.code, p.group]));
  const names = new Map((calculation?.groups ?? []).map((g) => [g.code, g.description]));
  const rows: string[][] = [];
  let bedrag = 0;
  let minimaal = 0;
  result.Posten.forEach((p, i) => {
    const group = groupOf.get(p.Code);
    const name = group === undefined ? undefined : names.get(group);
    if (name === undefined) {
      rows.push([p.Omschrijving, euro(p.Bedrag), euro(p.Minimaal), ...founded(p.Onderbouwing)]);
      return;
    }
    if (groupOf.get(result.Posten[i - 1]?.Code ?? '') !== group) {
      rows.push([name, '', '', ...blank]);
      bedrag = 0;
      minimaal = 0;
    }
    rows.push([`  ${p.Omschrijving}`, euro(p.Bedrag), euro(p.Minimaal), ...founded(p.Onderbouwing)]);
    bedrag += p.Bedrag;
    minimaal += p.Minimaal;
    if (groupOf.get(result.Posten[i + 1]?.Code ?? '') !== group)
      rows.push([`  Subtotaal ${name.toLowerCase()}`, euro(bedrag), euro(minimaal), ...blank]);
  });
  return rows;
}

/** Rows of a result table: a label, two amounts and an Onderbouwing, fitted to the table width. */
const amountRows = (rows: readonly (readonly string[])[]): string[] =>
  alignRowsWithin(rows, { align: ['left', 'right', 'right', 'left'], indent: '  ', maxWidth: TABLE_WIDTH, wrap: 0 });

export function retirementTable(result: RetirementExpenditureResult): string {
  const withFoundation = result.Totaal.Onderbouwing !== undefined;
  const blank = withFoundation ? [''] : [];
  const rows: string[][] = [['Post', 'Basis', 'Voorbeeld', ...(withFoundation ? ['Onderbouwing'] : [])]];
  const groups = new Map(result.Groepen.map((g) => [g.Code, g]));
  const seen = new Set<string>();
  for (const p of result.Posten) {
    if (!seen.has(p.Groep)) {
      seen.add(p.Groep);
      if (seen.size > 1) rows.push(['', '', '', ...blank]);
      const g = groups.get(p.Groep);
      if (g !== undefined) rows.push([g.Omschrijving, '', '', ...blank]);
    }
    rows.push([`  ${p.Omschrijving}`, euro(p.Basis), euro(p.Voorbeeld), ...founded(p.Onderbouwing)]);
    const last = result.Posten.filter((q) => q.Groep === p.Groep).at(-1);
    const g = groups.get(p.Groep);
    if (last === p && g !== undefined)
      rows.push(['  Subtotaal', euro(g.Basis), euro(g.Voorbeeld), ...founded(g.Onderbouwing)]);
  }
  rows.push(['', '', '', ...blank]);
  rows.push([
    'Totaal',
    euro(result.Totaal.Basis),
    euro(result.Totaal.Voorbeeld),
    ...founded(result.Totaal.Onderbouwing),
  ]);
  const lines = [
    'Pensioenuitgaven',
    'Basis: wat dit huishouden minimaal nodig heeft; Voorbeeld: wat vergelijkbare huishoudens uitgeven.',
    '',
    ...amountRows(rows),
    // Groups and the total add up their posts' figures, so the posts' lists say it all.
    ...foundationSection(result.Posten.map((p) => [p.Omschrijving, p.Onderbouwing] as const)),
    ...footer(result),
  ];
  if (result.Uitleg !== undefined) lines.push('', ...explanation(result.Uitleg));
  return `${lines.join('\n')}\n`;
}

const unitText = (unit: string) => (unit === '1' ? '' : ` ${unit}`);

function figure(f: FigureUse): string {
  switch (f.kind) {
    case 'parameter':
    case 'table': {
      const key =
        f.kind === 'table'
          ? `[${Object.entries(f.key)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')}]`
          : '';
      const why = f.formula !== undefined ? `; ${f.formula}` : f.reasoning !== undefined ? `; ${f.reasoning}` : '';
      return `${f.name}${key} = ${f.value}${unitText(f.unit)}  (${f.source.publisher}: ${f.source.title}${f.source.locator === undefined ? '' : `, ${f.source.locator}`}; ${f.provenance}${why})`;
    }
    case 'fact':
      return `${f.name} = ${String(f.value)}  (uit de aanvraag)`;
    case 'value':
      return `${f.name} = ${f.value}  (tussenwaarde)`;
    case 'post':
      return `post ${f.name}${f.rounded ? ' (afgerond)' : ''} = ${f.value}`;
    case 'const':
      return `${f.value}${f.unit === undefined ? '' : unitText(f.unit)}  (constante)`;
  }
}

function trace(t: AmountTrace, kind: string): string[] {
  const amounts = Object.entries(t.rounded ?? t.exact)
    .map(([m, v]) => `${m} ${v}`)
    .join(', ');
  const exact =
    t.rounded === undefined
      ? ''
      : ` (exact ${Object.entries(t.exact)
          .map(([m, v]) => `${m} ${v}`)
          .join(', ')})`;
  const lines = [
    `${kind} ${t.code}: ${amounts}${exact}; ${t.combine === 'sum' ? 'som van de regels die gelden' : 'de eerste regel die geldt'}`,
  ];
  for (const r of t.rules) {
    lines.push(`  ${r.applied ? '[x]' : '[ ]'} ${r.id}: ${r.description}`);
    lines.push(`      want: ${becauseWords(r.because)}`);
    if (r.amounts !== undefined)
      lines.push(
        `      uitkomst: ${Object.entries(r.amounts)
          .map(([m, v]) => `${m} ${v}`)
          .join(', ')}`,
      );
    for (const f of r.figures ?? []) lines.push(`      - ${figure(f)}`);
  }
  return lines;
}

function explanation(x: Explanation): string[] {
  const lines = [
    'Uitleg',
    '',
    `Gegevens: ${Object.entries(x.facts)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ')}`,
    '',
  ];
  for (const v of x.values) lines.push(...trace(v, 'Tussenwaarde'), '');
  for (const p of x.posts) lines.push(...trace(p, 'Post'), '');
  for (const t of x.totals) {
    lines.push(`Totaal ${t.name} = ${t.value}: ${t.description}`);
    for (const f of t.figures) lines.push(`      - ${figure(f)}`);
  }
  return lines;
}
