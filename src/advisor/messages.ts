/**
 * The page speaks Dutch: what the library or the API reports (issue codes, problem details)
 * as a sentence for the advisor. The library's own messages are English and meant for
 * developers; the code is stable, so the Dutch text is chosen by the code, with the bound
 * taken from the message where it names one.
 */

import { formatDecimal } from './format.js';

/** A problem with the request, as the library's `ValidationError` and the API's 400 list them. */
export interface Issue {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** The path the page uses for the subscription key field (the API names no path for a 401). */
export const KEY_PATH = '?key';
/** The path the API uses for the rule-set query parameter. */
export const RULE_SET_PATH = '?rekenregels';

/** The bounds named in the library's message, written the Dutch way (`1000000` → `1.000.000`). */
function bounds(message: string): { min?: string; max?: string } {
  const range = /(?:from|of) (-?\d+(?:\.\d+)?) to (-?\d+(?:\.\d+)?)/.exec(message);
  const rawMin = /minimum (-?\d+(?:\.\d+)?)/.exec(message)?.[1] ?? range?.[1];
  const rawMax = /maximum (-?\d+(?:\.\d+)?)/.exec(message)?.[1] ?? range?.[2];
  const min = rawMin === undefined ? undefined : formatDecimal(rawMin);
  const max = rawMax === undefined ? undefined : formatDecimal(rawMax);
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** The Dutch sentence for one issue. */
export function dutchIssue(issue: Issue): string {
  const { min, max } = bounds(issue.message);
  switch (issue.code) {
    case 'required':
      if (issue.path === KEY_PATH) return 'Vul de abonnementssleutel in om via de API te rekenen.';
      return /expected one of/.test(issue.message) ? 'Verplicht: kies een waarde.' : 'Verplicht: vul dit in.';
    case 'invalid_type':
      if (/true or false/.test(issue.message)) return 'Kies ja of nee.';
      if (/an object/.test(issue.message)) return 'Hier hoort een groep velden.';
      if (/an array/.test(issue.message)) return 'Hier hoort een lijst.';
      return 'Vul een getal in, alleen cijfers.';
    case 'not_integer':
      return 'Vul een heel getal in, zonder cijfers achter de komma.';
    case 'too_small':
      return min === undefined ? 'Dit getal is te klein.' : `Dit getal is te klein: het minimum is ${min}.`;
    case 'too_big':
      return max === undefined ? 'Dit getal is te groot.' : `Dit getal is te groot: het maximum is ${max}.`;
    case 'invalid_enum':
      return 'Kies een van de mogelijkheden uit de lijst.';
    case 'too_few_items':
      return min === undefined ? 'Er zijn te weinig regels.' : `Er zijn te weinig regels: minstens ${min}.`;
    case 'too_many_items':
      return max === undefined ? 'Er zijn te veel regels.' : `Er zijn te veel regels: hoogstens ${max}.`;
    case 'mutually_exclusive':
      return 'Geef het een of het ander, niet allebei.';
    case 'invalid_value':
      return 'Deze waarde is ongeldig.';
    case 'invalid_body':
    case 'invalid_json':
      return 'Het verzoek is geen geldig JSON-object.';
    case 'unknown_rule_set':
      return 'Deze rekenregels zijn niet bekend bij de dienst.';
    case 'no_rule_set_for_date':
      return 'Voor deze datum zijn geen rekenregels.';
    case 'calculation_not_in_rule_set':
      return 'Deze rekenregels hebben geen regels voor deze berekening: kies rekenregels van een andere familie.';
    case 'invalid_date':
      return 'Dit is geen geldige datum.';
    case 'unauthorized':
      return 'De API weigert deze abonnementssleutel: hij ontbreekt of is onjuist.';
    default:
      return `Deze waarde wordt niet geaccepteerd (${issue.code}).`;
  }
}

/** Problem details (RFC 9457) as the API answers them, as far as the page reads them. */
export interface ProblemDetails {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly detail?: string;
  readonly errors?: readonly Issue[];
  readonly errorId?: string;
}

/** A Dutch sentence for an API answer that is not a result and names no field. */
export function dutchProblem(status: number, problem: ProblemDetails | undefined): string {
  switch (status) {
    case 401:
      return dutchIssue({ path: KEY_PATH, code: 'unauthorized', message: '' });
    case 413:
      return 'Het verzoek is te groot voor de API (meer dan 64 KiB).';
    case 500:
      return problem?.errorId === undefined
        ? 'Er ging iets mis in de API.'
        : `Er ging iets mis in de API. Noem foutnummer ${problem.errorId} als u het meldt.`;
    case 503:
      return 'De API heeft geen rekenregels die vandaag gelden.';
    default:
      return `De API weigerde het verzoek (status ${status}${problem?.title === undefined ? '' : `, ${problem.title}`}).`;
  }
}

/** The Dutch word for a figure's provenance in the explanation. */
export function dutchProvenance(provenance: string): string {
  switch (provenance) {
    case 'read':
      return 'gelezen in de bron';
    case 'derived':
      return 'afgeleid (met formule)';
    case 'estimate':
      return 'schatting';
    case 'to-verify':
      return 'nog te controleren';
    default:
      return provenance;
  }
}
