/** The `RuleSetChoiceError` a call throws (any other error, or none, fails the test). */
import { RuleSetChoiceError } from '../../src/contract/errors.js';

export function choiceError(fn: () => unknown): RuleSetChoiceError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RuleSetChoiceError) return error;
    throw error;
  }
  throw new Error('expected a RuleSetChoiceError');
}
