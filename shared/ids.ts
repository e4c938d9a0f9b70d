// Public ids (cards, invoices, businesses, employees): URL-safe, 10–64 characters. Kept free of zod so the card page
// Lambda can check an id without loading a schema library.
export const ID_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
