// zod for every schema in CardCrew: the mini build (functions instead of methods, so a bundle carries only the
// checks it uses: ~30 KB in a Lambda instead of zod classic's ~93 KB). Import it as `import * as z from '<path>/shared/zod'`.
//
// Every field a person fills has a message of its own in its schema. A check without one (a type check inside a
// union, a length bound, an enum) would otherwise show zod's developer wording ('Invalid input: expected number,
// received string') under a form field or in an API field error (issue 27 §3), so the default is the sentences
// below, in the product's words, instead of zod's English locale.
import { config, type core } from 'zod/mini';

const typeWords: Record<string, string> = {
  string: 'Enter text here',
  number: 'Enter a number',
  int: 'Enter a whole number',
  bigint: 'Enter a whole number',
  boolean: 'Choose yes or no',
  array: 'Choose from the list',
  date: 'Enter a date',
};

/** The sentence for an issue that its schema left without a message. */
export function productMessage(issue: core.$ZodRawIssue): string {
  // Nothing was sent for a field the form has: the plainest sentence.
  if (issue.input === undefined && issue.code === 'invalid_type') return 'This field is required';
  switch (issue.code) {
    case 'invalid_type':
      return typeWords[issue.expected] ?? 'This value cannot be used here';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field is required' : `Enter at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${String(issue.minimum)}`;
      return `Enter a number of at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${String(issue.maximum)}`;
      return `Enter a number of at most ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address';
      if (issue.format === 'url') return 'Please enter a valid URL';
      return 'This value is not written the way it should be';
    case 'invalid_value':
      return 'Choose one of the options offered';
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `This form has no field called ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    default:
      // invalid_union, invalid_key, invalid_element, custom: the value is not one this field takes.
      return 'This value cannot be used here';
  }
}

config({ customError: productMessage });

export * from 'zod/mini';
