// Local stand-ins for the shared formatting helpers.
// TODO switch to @shared/format once it lands (initials, pluralize, formatCurrency).

/** Up to two initials: 'Ada Lovelace' → 'AL', 'cher' → 'C'. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** '1 scan', '3 scans'. */
export function pluralize(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : `${word}s`}`;
}

export function formatCurrency(amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}
