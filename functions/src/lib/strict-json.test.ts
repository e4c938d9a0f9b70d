import { describe, expect, it } from 'vitest';
import { DuplicateJsonKeyError, parseJsonStrict } from './strict-json';

describe('strict JSON', () => {
  it('parses exactly like JSON.parse when no key repeats', () => {
    const text = '{"a":1,"b":{"c":[1,{"d":"}{\\"],"}]},"e":"x\\\\","f":null,"g":[[],[{}]]}';
    expect(parseJsonStrict(text)).toEqual(JSON.parse(text));
    expect(parseJsonStrict('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseJsonStrict('"text"')).toBe('text');
  });

  it('refuses a repeated key at the top, nested, and spelled with an escape', () => {
    expect(() => parseJsonStrict('{"role":"employee","role":"owner"}')).toThrow(DuplicateJsonKeyError);
    expect(() => parseJsonStrict('{"a":{"b":1, "b" :2}}')).toThrow(DuplicateJsonKeyError);
    expect(() => parseJsonStrict('{"a":[{"x":1,"y":2,"x":3}]}')).toThrow(DuplicateJsonKeyError);
    expect(() => parseJsonStrict('{"role":"employee","\\u0072ole":"owner"}')).toThrow(/Duplicate key "role"/);
  });

  it('does not mistake values that look like keys for keys', () => {
    expect(parseJsonStrict('{"a":"a","b":["a","a"],"c":{"a":"a"}}')).toEqual({ a: 'a', b: ['a', 'a'], c: { a: 'a' } });
  });

  it('throws SyntaxError for malformed JSON, as JSON.parse does', () => {
    expect(() => parseJsonStrict('{"a":')).toThrow(SyntaxError);
  });

  it('handles 10,000 levels of nesting without overflowing the stack', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(() => parseJsonStrict(deep)).not.toThrow();
  });
});
