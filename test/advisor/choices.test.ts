/**
 * The page's drop-downs offer exactly the contract's enumeration members, by their Dutch
 * names (the page does not import the library's internal tables, so this keeps them equal).
 */
import { describe, expect, it } from 'vitest';
import { ALL_ENUMERATIONS } from '../../src/contract/enums.js';
import { choiceText, ENUMERATIONS, GESLACHT, GESLACHT_KIND } from '../../src/advisor/choices.js';
import { CHILDREN, PERSONS } from '../../src/advisor/form-model.js';

describe('the drop-downs', () => {
  it.each(ALL_ENUMERATIONS.map((e) => [e.contractName, e]))(
    '%s offers every member by name, in code order',
    (name, definition) => {
      const choices = ENUMERATIONS[name];
      expect(choices?.map((c) => c.name)).toEqual(definition.members.map((m) => m.name));
    },
  );

  it('names no enumeration the contract does not have', () => {
    expect(Object.keys(ENUMERATIONS).sort()).toEqual(ALL_ENUMERATIONS.map((e) => e.contractName).sort());
  });

  it('shows the contract name beside a reading that differs from it', () => {
    expect(choiceText({ name: 'Man', label: 'Man' })).toBe('Man');
    expect(choiceText({ name: 'Minderdan10K', label: 'Minder dan 10.000 km' })).toBe(
      'Minder dan 10.000 km (Minderdan10K)',
    );
  });

  it("reads a child's Geslacht as Jongen / Meisje, sending the same contract names", () => {
    const childGender = CHILDREN.fields.find((f) => f.key === 'Geslacht');
    const personGender = PERSONS.fields.find((f) => f.key === 'Geslacht');
    expect(childGender?.choices?.map((c) => c.label)).toEqual(['Jongen', 'Meisje']);
    expect(childGender?.choices?.map((c) => c.name)).toEqual(GESLACHT.map((c) => c.name));
    expect(personGender?.choices).toBe(GESLACHT);
    expect(GESLACHT_KIND.map(choiceText)).toEqual(['Jongen (Man)', 'Meisje (Vrouw)']);
  });
});
