/**
 * How a person reads a provenance: the Dutch word the advisor page and the CLI table show for
 * each kind of `Onderbouwing.Zwakst`, and what it means, in one place so the two say the same.
 */
import type { ProvenanceKind } from './explanation.js';

/** The short Dutch word per provenance, from best to worst founded. */
export const PROVENANCE_LABELS: Readonly<Record<ProvenanceKind, string>> = {
  read: 'gelezen',
  derived: 'afgeleid',
  'to-verify': 'te verifiëren',
  estimate: 'schatting',
};

/** What each word means, for a legend. */
export const PROVENANCE_MEANINGS: Readonly<Record<ProvenanceKind, string>> = {
  read: 'alle gebruikte cijfers staan zo in de genoemde bron (of het bedrag rust alleen op uw eigen gegevens)',
  derived: 'minstens één cijfer is met een vermelde formule uit gelezen cijfers berekend',
  'to-verify': 'minstens één cijfer komt uit een secundaire bron en moet nog worden nagekeken',
  estimate: 'minstens één cijfer is een eigen schatting van budgetnorm, met onderbouwing in de rekenregels',
};
