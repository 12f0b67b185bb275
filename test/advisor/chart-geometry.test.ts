/**
 * The charts' geometry: the waterfall runs from the income down to the capacity (or below zero
 * to the shortfall), one segment per deduction; the retirement bars are grouped and scaled.
 */
import { describe, expect, it } from 'vitest';
import {
  fitDimensions,
  GROUPED_DIMENSIONS,
  groupedBarsLayout,
  MIN_CHART_WIDTH,
  shortLabel,
  WATERFALL_DIMENSIONS as D,
  waterfallLayout,
  waterfallSteps,
} from '../../src/advisor/chart-geometry.js';
import { repaymentCapacity, retirementExpenditure } from '../../src/index.js';

// The lending norm's figures (vfn-2026, unchanged by issue 40): its eight posts make the
// geometry easy to follow; the reference budgets' long list is drawn below.
const single = repaymentCapacity(
  {
    LeeftijdHoofdpersoon: 45,
    HeeftPartner: false,
    AantalThuiswonendeKinderen: 0,
    AantalAutos: 0,
    NettoBesteedbaarInkomenPerMaand: 2400,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
  },
  { ruleSet: 'vfn-2026' },
);
const family = repaymentCapacity(
  {
    LeeftijdHoofdpersoon: 38,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 2,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 4200,
    BijzondereUitgaven: { KostenZorg: 35, KostenKinderOpvang: 310 },
    Woning: { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 1350 },
  },
  { ruleSet: 'vfn-2026' },
);

describe('waterfallSteps', () => {
  it('income, each deduction that is not zero hanging from what is left, then the capacity', () => {
    expect(single.Posten.map((p) => p.Bedrag)).toEqual([1386, 800, 0, 0, 0, 0, 0, 0]);
    // The norm of a single tenant (1285.74) plus the income surcharge 0.10 × (2400 − 1401.50) = 99.85.
    expect(single.Posten.map((p) => p.Minimaal)).toEqual([1286, 800, 0, 0, 0, 0, 0, 0]);
    expect(waterfallSteps(single)).toEqual([
      { label: 'Netto inkomen', kind: 'inkomen', amount: 2400, start: 0, end: 2400 },
      { label: 'Kosten van levensonderhoud', kind: 'last', amount: 1386, start: 2400, end: 1014 },
      { label: 'Woonlasten', kind: 'last', amount: 800, start: 1014, end: 214 },
      { label: 'Afloscapaciteit', kind: 'capaciteit', amount: 214, start: 0, end: 214 },
      // Then the maximum (issue 16): the surcharge given back, rising from the capacity, and the maximum from 0.
      { label: 'Besparing tot het minimum', kind: 'besparing', amount: 100, start: 214, end: 314 },
      { label: 'Maximale afloscapaciteit', kind: 'maximum', amount: 314, start: 0, end: 314 },
    ]);
  });

  it('without a surcharge the maximum follows the capacity directly, with nothing given back', () => {
    const poor = repaymentCapacity(
      {
        LeeftijdHoofdpersoon: 45,
        HeeftPartner: false,
        AantalThuiswonendeKinderen: 0,
        AantalAutos: 0,
        NettoBesteedbaarInkomenPerMaand: 1400, // below the minimum income 1401.50: no surcharge
        BijzondereUitgaven: {},
        Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 100 },
      },
      { ruleSet: 'vfn-2026' },
    );
    expect(waterfallSteps(poor).slice(-2)).toEqual([
      { label: 'Afloscapaciteit', kind: 'capaciteit', amount: 14, start: 0, end: 14 }, // 1400 − 1285.74 − 100
      { label: 'Maximale afloscapaciteit', kind: 'maximum', amount: 14, start: 0, end: 14 },
    ]);
  });

  it('costs above the income end in a shortfall below zero', () => {
    expect(family.Tekort).toBeGreaterThan(0);
    const steps = waterfallSteps(family);
    const deductions = steps.filter((s) => s.kind === 'last');
    expect(deductions.map((s) => s.amount)).toEqual(family.Posten.filter((p) => p.Bedrag > 0).map((p) => p.Bedrag));
    expect(deductions.at(-1)?.end).toBe(family.NettoBesteedbaarInkomenPerMaand - family.TotaalLasten);
    const [shortfall, back, remaining] = steps.slice(-3);
    expect(shortfall).toEqual({
      label: 'Tekort',
      kind: 'tekort',
      amount: family.Tekort,
      start: -family.Tekort,
      end: 0,
    });
    // Cutting to the minimum gives back the surcharge, and a smaller shortfall remains.
    expect(family.MinimaalTekort).toBeGreaterThan(0);
    expect(back).toEqual({
      label: 'Besparing tot het minimum',
      kind: 'besparing',
      amount: family.TotaalLasten - family.TotaalMinimaleLasten,
      start: -family.Tekort,
      end: -family.Tekort + family.TotaalLasten - family.TotaalMinimaleLasten,
    });
    expect(remaining).toEqual({
      label: 'Tekort bij minimale lasten',
      kind: 'tekort',
      amount: family.MinimaalTekort,
      start: -family.MinimaalTekort,
      end: 0,
    });
  });
});

describe('waterfallLayout', () => {
  it('scales every bar to one axis within the plot, one row per step', () => {
    const layout = waterfallLayout(waterfallSteps(single));
    const plot = D.width - D.labelWidth - D.valueWidth;
    const [income, living, housing, capacity, back, maximum] = layout.bars;
    expect(income).toMatchObject({ x: D.labelWidth, width: plot, valueText: '€ 2.400' });
    expect(living?.width).toBeCloseTo((1386 / 2400) * plot, 1);
    expect(living?.valueText).toBe('−€ 1.386');
    expect((living?.x ?? 0) + (living?.width ?? 0)).toBeCloseTo(D.labelWidth + plot, 1);
    expect(housing?.x).toBeCloseTo(D.labelWidth + (214 / 2400) * plot, 1);
    expect(capacity).toMatchObject({ x: D.labelWidth, kind: 'capaciteit', valueText: '€ 214' });
    const rightEnd = (bar: typeof housing) => (bar === undefined ? undefined : bar.x + bar.width);
    // What the minimum gives back starts where the capacity ends; the maximum spans both.
    expect(back?.x).toBeCloseTo(rightEnd(capacity) ?? -1, 1);
    expect(back).toMatchObject({ kind: 'besparing', valueText: '€ 100' });
    expect(back?.width).toBeCloseTo((100 / 2400) * plot, 1);
    expect(maximum).toMatchObject({ x: D.labelWidth, kind: 'maximum', valueText: '€ 314' });
    expect(maximum?.width).toBeCloseTo((314 / 2400) * plot, 1);
    expect(layout.bars.map((b) => b.y)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => D.top + i * D.rowHeight + (D.rowHeight - D.barHeight) / 2),
    );
    expect(layout.height).toBe(2 * D.top + 6 * D.rowHeight);
    expect(layout.zero.x1).toBe(D.labelWidth);
    // Each connector drops from the end of one step to the start of the next.
    expect(layout.connectors.map((c) => c.x1)).toEqual([
      D.labelWidth + plot,
      rightEnd(housing),
      rightEnd(capacity),
      back?.x,
      rightEnd(maximum),
    ]);
  });

  it('puts zero inside the plot when there is a shortfall, and the shortfall left of it', () => {
    const layout = waterfallLayout(waterfallSteps(family));
    const shortfall = layout.bars.at(-3);
    expect(layout.zero.x1).toBeGreaterThan(D.labelWidth);
    expect(shortfall?.kind).toBe('tekort');
    expect(shortfall?.x).toBe(D.labelWidth);
    expect((shortfall?.x ?? 0) + (shortfall?.width ?? 0)).toBeCloseTo(layout.zero.x1, 1);
    for (const bar of layout.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(D.labelWidth);
      expect(bar.x + bar.width).toBeLessThanOrEqual(D.width - D.valueWidth + 0.01);
    }
  });

  it("draws the reference budgets' long list: one row per post that is not zero, all inside the plot", () => {
    const itemised = repaymentCapacity(
      {
        LeeftijdHoofdpersoon: 38,
        HeeftPartner: true,
        AantalThuiswonendeKinderen: 2,
        AantalAutos: 1,
        NettoBesteedbaarInkomenPerMaand: 4200,
        BijzondereUitgaven: { KostenZorg: 35 },
        Woning: { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 1000 },
      },
      { ruleSet: 'nl-2026' },
    );
    const steps = waterfallSteps(itemised);
    const nonZero = itemised.Posten.filter((p) => p.Bedrag > 0);
    expect(nonZero.length).toBeGreaterThan(15);
    expect(steps.filter((s) => s.kind === 'last').map((s) => s.amount)).toEqual(nonZero.map((p) => p.Bedrag));
    const layout = waterfallLayout(steps);
    expect(layout.bars).toHaveLength(steps.length);
    for (const bar of layout.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(D.labelWidth);
      expect(bar.x + bar.width).toBeLessThanOrEqual(D.width - D.valueWidth + 0.01);
    }
  });
});

describe('groupedBarsLayout', () => {
  const result = retirementExpenditure(
    {
      Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 'Vrouw' }],
      Autos: [{ KilometersPerJaar: 'Minderdan10K', TypeAuto: 'Klein', StatusAuto: 'Nieuw' }],
      Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
      NettoBesteedbaarInkomenPerMaand: 2850,
    },
    { ruleSet: 'nl-2026' },
  );
  const layout = groupedBarsLayout(result);

  it('draws a Basis and a Voorbeeld bar per post, the longest filling the plot', () => {
    expect(layout.bars).toHaveLength(2 * result.Posten.length);
    expect(layout.bars.filter((b) => b.kind === 'basis').map((b) => b.valueText)).toEqual(
      result.Posten.map((p) => `€ ${p.Basis.toLocaleString('de-DE')}`),
    );
    const max = Math.max(...result.Posten.flatMap((p) => [p.Basis, p.Voorbeeld]));
    const widest = Math.max(...layout.bars.map((b) => b.width));
    expect(widest).toBeCloseTo(720 - 250 - 80, 1);
    const first = result.Posten[0]!;
    expect(layout.bars[1]?.width).toBeCloseTo((first.Voorbeeld / max) * (720 - 250 - 80), 1);
  });

  it('heads each group, in the order of the posts, with the posts under it', () => {
    const headings = layout.labels.filter((l) => l.heading).map((l) => l.text);
    expect(headings).toEqual(result.Groepen.map((g) => shortLabel(g.Omschrijving, 40)));
    expect(layout.labels.filter((l) => !l.heading)).toHaveLength(result.Posten.length);
    const ys = layout.labels.map((l) => l.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(layout.height).toBeGreaterThan(ys.at(-1) ?? 0);
  });
});

describe('shortLabel', () => {
  it('drops the parenthesised detail and cuts long names', () => {
    expect(shortLabel('Woonlasten (huur en servicekosten, of bruto hypotheeklasten en VvE)')).toBe('Woonlasten');
    expect(shortLabel('Een heel lange omschrijving die niet in de ruimte past', 20)).toBe('Een heel lange omsc…');
  });
});

describe('fitDimensions: drawn for the width there is, so the text is not scaled down', () => {
  const result = retirementExpenditure(
    {
      Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 'Vrouw' }],
      Autos: [{ KilometersPerJaar: 'Minderdan10K', TypeAuto: 'Klein', StatusAuto: 'Nieuw' }],
      Woning: { TypeWoning: 'Appartement', SoortWoning: 'Koopwoning', WozWaarde: 450000 },
      NettoBesteedbaarInkomenPerMaand: 6000,
    },
    { ruleSet: 'nl-2026' },
  );
  it('draws at the available width, at most 720, with the labels beside the bars on a wide screen', () => {
    expect(fitDimensions(D, 1200)).toEqual(D);
    expect(fitDimensions(D, 600)).toMatchObject({ width: 600, labelWidth: D.labelWidth });
    expect(fitDimensions(D, 600).labelsAbove).toBeUndefined();
    expect(fitDimensions(D, 0)).toEqual(D);
  });

  it('puts the labels above the bars on a phone, every bar and amount inside the drawing', () => {
    for (const available of [308, 390, 200]) {
      const dims = fitDimensions(D, available);
      expect(dims).toMatchObject({ width: Math.max(MIN_CHART_WIDTH, available), labelWidth: 0, labelsAbove: true });
      for (const layout of [
        waterfallLayout(waterfallSteps(family), dims),
        groupedBarsLayout(result, fitDimensions(GROUPED_DIMENSIONS, available)),
      ]) {
        expect(layout.width).toBe(dims.width);
        for (const bar of layout.bars) {
          expect(bar.x).toBeGreaterThanOrEqual(0);
          // Room for the amount's text (about 7 px a character at 13 px) right of the bar.
          expect(bar.valueX + bar.valueText.length * 7.5).toBeLessThanOrEqual(layout.width);
        }
        // Each label on its own line, above its bar, not overlapping it.
        for (const label of layout.labels.filter((l) => !l.heading)) {
          expect(label.x).toBe(0);
          const below = layout.bars.find((b) => b.y > label.y);
          expect(below === undefined ? Number.POSITIVE_INFINITY : below.y - label.y).toBeGreaterThanOrEqual(8);
        }
      }
    }
  });
});
