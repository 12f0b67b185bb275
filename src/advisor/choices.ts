/**
 * The contract's enumerations as the form offers them: each member's Dutch name (what the page
 * sends, as the contract spells it) and a reading for the drop-down. The names are the
 * contract's (docs/contract.md); test/advisor/choices.test.ts checks them against the library's
 * own tables, which this browser shell does not import.
 */

/** One option of a drop-down: the contract's name (sent as is) and how the page shows it. */
export interface Choice {
  readonly name: string;
  readonly label: string;
}

function choices(...members: readonly (readonly [name: string, label?: string])[]): readonly Choice[] {
  return members.map(([name, label]) => ({ name, label: label ?? name }));
}

export const GESLACHT = choices(['Man'], ['Vrouw']);

/** A child's `Geslacht`: the same contract names and codes, read as a boy or a girl. */
export const GESLACHT_KIND = choices(['Man', 'Jongen'], ['Vrouw', 'Meisje']);

export const KILOMETERS_PER_JAAR = choices(
  ['Minderdan10K', 'Minder dan 10.000 km'],
  ['Tussen10Ken20K', '10.000 tot 20.000 km'],
  ['Meerdan20K', 'Meer dan 20.000 km'],
);

export const TYPE_AUTO = choices(
  ['Klein'],
  ['Compact'],
  ['CompactMiddenklasse', 'Compacte middenklasse'],
  ['Middenklasse'],
);

export const STATUS_AUTO = choices(['Nieuw'], ['Tweedehands']);

export const TYPE_WONING = choices(
  ['Appartement'],
  ['Tussenwoning'],
  ['Hoekwoning'],
  ['Vrijstaand', 'Vrijstaande woning'],
);

/** `SoortWoning` (pensioenuitgaven) and `WoningSoort` (afloscapaciteit). */
export const SOORT_WONING = choices(['Huurwoning'], ['Koopwoning']);

export const WOZ_WAARDE_CATEGORIE = choices(
  ['WozKleinerDan150K', 'Kleiner dan € 150.000'],
  ['WozVan150KTot300K', '€ 150.000 tot € 300.000'],
  ['WozVan300KTot450K', '€ 300.000 tot € 450.000'],
  ['WozGroterDan450K', '€ 450.000 of meer'],
);

/** Every enumeration by its field name in the contract. */
export const ENUMERATIONS: Readonly<Record<string, readonly Choice[]>> = {
  Geslacht: GESLACHT,
  KilometersPerJaar: KILOMETERS_PER_JAAR,
  TypeAuto: TYPE_AUTO,
  StatusAuto: STATUS_AUTO,
  TypeWoning: TYPE_WONING,
  SoortWoning: SOORT_WONING,
  WozWaardeCategorie: WOZ_WAARDE_CATEGORIE,
};

/** The text of an option: the reading, with the contract's name after it when they differ. */
export function choiceText(choice: Choice): string {
  return choice.label === choice.name ? choice.name : `${choice.label} (${choice.name})`;
}
