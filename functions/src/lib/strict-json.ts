// JSON.parse keeps the last of two equal keys ({"role":"employee","role":"owner"} is an owner), so a body could say
// one thing to a reviewer or a proxy and another to us. This parses like JSON.parse and refuses a repeated key at any
// depth, comparing keys after their escapes are decoded ("a" and "\u0061" are the same key).

export class DuplicateJsonKeyError extends Error {
  constructor(readonly key: string) {
    super(`Duplicate key ${JSON.stringify(key)} in JSON`);
    this.name = 'DuplicateJsonKeyError';
  }
}

/** Parses `text` as JSON (throwing SyntaxError like JSON.parse) and throws DuplicateJsonKeyError on a repeated key. */
export function parseJsonStrict(text: string): unknown {
  const value: unknown = JSON.parse(text);
  assertNoDuplicateKeys(text);
  return value;
}

/**
 * Scans text that JSON.parse accepted. Iterative (a stack of the open objects' key sets), so a deeply nested body
 * cannot overflow the call stack. In an object, a string right after `{` or `,` is a key.
 */
function assertNoDuplicateKeys(text: string): void {
  const stack: (Set<string> | null)[] = [];
  let previous = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '{') stack.push(new Set());
    else if (c === '[') stack.push(null);
    else if (c === '}' || c === ']') stack.pop();
    else if (c === '"') {
      const start = i;
      for (i += 1; text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      const keys = stack[stack.length - 1];
      if (keys && (previous === '{' || previous === ',')) {
        const key = text.includes('\\', start) ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        if (keys.has(key)) throw new DuplicateJsonKeyError(key);
        keys.add(key);
      }
      previous = '"';
      continue;
    } else if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    previous = c;
  }
}
