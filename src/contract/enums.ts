/**
 * The contract's enumerations as data: for every member its integer code, its Dutch name as
 * the contract spells it, and the English household value (household.ts) it stands for.
 *
 * Everything else that deals with enumerations (the zod schemas, the error messages, the
 * parsers, and later the result writers that name a value back in Dutch) reads these tables,
 * so a code or a name is written down exactly once.
 */
import type {
  CarClass,
  CarStatus,
  DwellingType,
  Gender,
  MileageBand,
  Tenure,
  WozCategory,
} from './household-values.js';

export interface EnumMember<V extends string, Name extends string = string, Code extends number = number> {
  /** The integer code a caller may send. */
  readonly code: Code;
  /** The Dutch name a caller may send (matched case-insensitively) and the one we write back. */
  readonly name: Name;
  /** The household value this member normalises to. */
  readonly value: V;
}

/**
 * An enumeration. `Name` and `Code` are the literal types of its names and codes (as the
 * contract spells them), so the request types can offer exactly those to a TypeScript caller.
 */
export interface EnumDefinition<V extends string = string, Name extends string = string, Code extends number = number> {
  /** The contract's name for the enumeration, e.g. `TypeWoning`. */
  readonly contractName: string;
  readonly members: readonly EnumMember<V, Name, Code>[];
}

/** The names of an enumeration as the contract spells them, e.g. `'Man' | 'Vrouw'`. */
export type EnumName<D> = D extends EnumDefinition<string, infer Name, number> ? Name : never;
/** The integer codes of an enumeration, e.g. `0 | 1`. */
export type EnumCode<D> = D extends EnumDefinition<string, string, infer Code> ? Code : never;

/*
 * Every type parameter is inferred from the table (a primitive constraint keeps the literal
 * types), and each table is checked against its household type with `satisfies` below.
 */
function defineEnum<V extends string, const Name extends string, const Code extends number>(
  contractName: string,
  members: readonly (readonly [code: Code, name: Name, value: V])[],
): EnumDefinition<V, Name, Code> {
  return Object.freeze({
    contractName,
    members: Object.freeze(members.map(([code, name, value]) => Object.freeze({ code, name, value }))),
  });
}

/** `Geslacht` (main persons and children). */
export const GENDER = defineEnum('Geslacht', [
  [0, 'Man', 'male'],
  [1, 'Vrouw', 'female'],
]) satisfies EnumDefinition<Gender>;

/** `KilometersPerJaar`, also accepted under the alias `AutoKilometersPerJaar`. */
export const MILEAGE_BAND = defineEnum('KilometersPerJaar', [
  [0, 'Minderdan10K', 'under10k'],
  [1, 'Tussen10Ken20K', 'from10kTo20k'],
  [2, 'Meerdan20K', 'over20k'],
]) satisfies EnumDefinition<MileageBand>;

/** `TypeAuto`. */
export const CAR_CLASS = defineEnum('TypeAuto', [
  [0, 'Klein', 'small'],
  [1, 'Compact', 'compact'],
  [2, 'CompactMiddenklasse', 'compactMidsize'],
  [3, 'Middenklasse', 'midsize'],
]) satisfies EnumDefinition<CarClass>;

/** `StatusAuto`. */
export const CAR_STATUS = defineEnum('StatusAuto', [
  [0, 'Nieuw', 'new'],
  [1, 'Tweedehands', 'used'],
]) satisfies EnumDefinition<CarStatus>;

/** `TypeWoning`. */
export const DWELLING_TYPE = defineEnum('TypeWoning', [
  [0, 'Appartement', 'apartment'],
  [1, 'Tussenwoning', 'terraced'],
  [2, 'Hoekwoning', 'corner'],
  [3, 'Vrijstaand', 'detached'],
]) satisfies EnumDefinition<DwellingType>;

/** `SoortWoning` (retirement request) and `WoningSoort` (repayment request): one enumeration, two field names. */
export const TENURE = defineEnum('SoortWoning', [
  [0, 'Huurwoning', 'rent'],
  [1, 'Koopwoning', 'own'],
]) satisfies EnumDefinition<Tenure>;

/** `WozWaardeCategorie` (retirement request, optional). */
export const WOZ_CATEGORY = defineEnum('WozWaardeCategorie', [
  [0, 'WozKleinerDan150K', 'below150k'],
  [1, 'WozVan150KTot300K', 'from150kTo300k'],
  [2, 'WozVan300KTot450K', 'from300kTo450k'],
  [3, 'WozGroterDan450K', 'from450k'],
]) satisfies EnumDefinition<WozCategory>;

/** Every enumeration of the contract, for documentation generators and exhaustive tests. */
export const ALL_ENUMERATIONS: readonly EnumDefinition[] = Object.freeze([
  GENDER,
  MILEAGE_BAND,
  CAR_CLASS,
  CAR_STATUS,
  DWELLING_TYPE,
  TENURE,
  WOZ_CATEGORY,
]);

/*
 * Case-insensitivity is deliberately ASCII-only. `String#toLowerCase` folds a few non-ASCII
 * letters onto ASCII ones (the Kelvin sign `K` becomes `k`), which would make the decoder
 * accept names that the JSON Schema pattern below rejects. All contract names are ASCII.
 */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** How an enumeration is decoded: member values by name and by code. */
interface Decoder<V extends string> {
  /** By each name as the contract spells it and as lower-cased. */
  readonly names: ReadonlyMap<string, V>;
  readonly codes: ReadonlyMap<number, V>;
}

const decoders = new WeakMap<EnumDefinition, Decoder<string>>();

/** The decoder of an enumeration, made once. */
function decoderOf<V extends string>(definition: EnumDefinition<V>): Decoder<V> {
  let decoder = decoders.get(definition);
  if (decoder === undefined) {
    const names = new Map<string, string>();
    for (const member of definition.members) {
      names.set(member.name, member.value);
      names.set(asciiLowerCase(member.name), member.value);
    }
    decoder = { names, codes: new Map(definition.members.map((member) => [member.code, member.value])) };
    decoders.set(definition, decoder);
  }
  return decoder as Decoder<V>;
}

/**
 * The household value for an integer code or a name (any letter case), or `undefined` when
 * the input is neither. A numeric string such as `"1"` is not a code: codes are JSON numbers.
 */
export function decodeEnum<V extends string>(definition: EnumDefinition<V>, input: unknown): V | undefined {
  if (typeof input === 'number') return decoderOf(definition).codes.get(input);
  if (typeof input === 'string') {
    // A name is nearly always sent as the contract spells it: found as it is, before lower-casing.
    const names = decoderOf(definition).names;
    return names.get(input) ?? names.get(asciiLowerCase(input));
  }
  return undefined;
}

function memberFor<V extends string>(definition: EnumDefinition<V>, value: V): EnumMember<V> {
  const member = definition.members.find((candidate) => candidate.value === value);
  // Only reachable when the types were bypassed; a loud failure beats writing a wrong name.
  if (member === undefined) throw new RangeError(`${definition.contractName} has no member for '${value}'`);
  return member;
}

/** The Dutch name of a household value, e.g. `enumName(DWELLING_TYPE, 'corner')` is `Hoekwoning`. */
export function enumName<V extends string>(definition: EnumDefinition<V>, value: V): string {
  return memberFor(definition, value).name;
}

/** The integer code of a household value, e.g. `enumCode(TENURE, 'own')` is `1`. */
export function enumCode<V extends string>(definition: EnumDefinition<V>, value: V): number {
  return memberFor(definition, value).code;
}

/** `Huurwoning (0), Koopwoning (1)`: how error messages and docs list what is allowed. */
export function describeEnumMembers(definition: EnumDefinition): string {
  return definition.members.map((member) => `${member.name} (${member.code})`).join(', ');
}

/**
 * A regular expression, without flags, that matches exactly the names of the enumeration in
 * any letter case. Flags are avoided because JSON Schema's `pattern` has no way to carry them,
 * so `[Kk][Oo]…` keeps the generated schema as permissive as the parser, and no more.
 */
export function caseInsensitiveNamePattern(definition: EnumDefinition): RegExp {
  const alternatives = definition.members.map((member) =>
    [...member.name]
      .map((character) => {
        const lower = character.toLowerCase();
        const upper = character.toUpperCase();
        return lower === upper ? character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `[${upper}${lower}]`;
      })
      .join(''),
  );
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}
