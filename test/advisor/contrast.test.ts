/**
 * Readable contrast (WCAG 2.1 AA): the page's text colours on its backgrounds at 4.5:1 or
 * more, the chart's colours, input borders and the focus ring at 3:1 or more (non-text).
 * The colours are the variables of src/advisor/advisor.css.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'advisor', 'advisor.css'), 'utf8');
const colours = Object.fromEntries(
  [...css.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1] as string, m[2] as string]),
);

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const colour = (name: string): string => {
  const value = colours[name];
  if (value === undefined) throw new Error(`advisor.css has no --${name}`);
  return value;
};

describe('contrast of the advisor page', () => {
  it('the calculation is right (black on white is 21:1, the grey #767676 just passes)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it.each([
    ['tekst', 'achtergrond'],
    ['tekst', 'vlak'],
    ['tekst-zacht', 'achtergrond'],
    ['tekst-zacht', 'vlak'],
    ['primair', 'achtergrond'],
    ['op-primair', 'primair'],
    ['op-primair', 'primair-donker'],
    ['op-primair', 'kleur-capaciteit'],
    ['fout', 'achtergrond'],
    ['fout', 'vlak'],
    ['tekst', 'lijn'],
    ['merk-zeker', 'achtergrond'],
    ['merk-zeker', 'vlak'],
    ['merk-onzeker', 'achtergrond'],
    ['merk-onzeker', 'vlak'],
  ])('text --%s on --%s: at least 4.5:1', (fg, bg) => {
    expect(contrast(colour(fg), colour(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'rand',
    'focus',
    'kleur-inkomen',
    'kleur-last',
    'kleur-capaciteit',
    'kleur-tekort',
    'kleur-besparing',
    'kleur-maximum',
    'kleur-basis',
    'kleur-voorbeeld',
  ])('non-text --%s on the background and on --vlak: at least 3:1', (name) => {
    expect(contrast(colour(name), colour('achtergrond'))).toBeGreaterThanOrEqual(3);
    expect(contrast(colour(name), colour('vlak'))).toBeGreaterThanOrEqual(3);
  });
});
