/**
 * How the page writes numbers: whole euros the Dutch way (`€ 1.386`), the explanation's exact
 * decimal strings with a decimal comma, differences with a sign. Pure, so the browser test
 * compares what the page shows with the library's numbers written by the same functions.
 */

/** Groups the digits of a whole number by thousands with dots: `1234567` → `1.234.567`. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A whole number of euros: `€ 1.386`; a negative one `−€ 25` (with a real minus sign). */
export function formatEuro(amount: number): string {
  const sign = amount < 0 ? '−' : '';
  return `${sign}€ ${grouped(String(Math.abs(Math.round(amount))))}`;
}

/** A difference: `+€ 12`, `−€ 3`, or `€ 0`. */
export function formatDifference(amount: number): string {
  if (amount === 0) return formatEuro(0);
  return amount > 0 ? `+${formatEuro(amount)}` : formatEuro(amount);
}

/** An exact decimal string of the explanation (`"1294.27181216"`) with a decimal comma: `1.294,27181216`. */
export function formatDecimal(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) return text;
  const [, sign, whole, fraction] = match;
  return `${sign === '-' ? '−' : ''}${grouped(whole ?? '')}${fraction === undefined ? '' : `,${fraction}`}`;
}
