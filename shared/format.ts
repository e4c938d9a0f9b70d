// Display formatting shared by the web app and e-mails: money, long US dates, calendar months,
// plurals, initials and the display-name fallback of spec 1 §3.

/** The currency of every stored amount today (ISO 4217). */
export const DEFAULT_CURRENCY = 'USD';

// The first Intl formatter a page or a Lambda builds sets up ICU: 10–30 ms in a browser tab (four times that on the
// phone Lighthouse emulates) and 20–40 ms of a cold start (issue 25). The en-US forms every signed-in page draws first
// (dollars, counts, months, long dates in UTC or local time) are therefore written here without Intl, each unit-tested
// to give Intl's text; other currencies and time zones use Intl.

/** Digits of the currency's minor unit (USD 2, JPY 0, BHD 3); 2 for a code Intl does not know. */
export function minorUnitDigits(currency: string): number {
  if (currency === 'USD') return 2;
  return currencyFormat(currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

// One Intl.NumberFormat per currency, made on first use: building one costs far more than formatting with it, and a
// list (the agency dashboard's client cards, issue 25 §1) formats money once per row. null: a code Intl does not know.
const currencyFormats = new Map<string, Intl.NumberFormat | null>();
function currencyFormat(currency: string): Intl.NumberFormat | null {
  let format = currencyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = null;
    }
    currencyFormats.set(currency, format);
  }
  return format;
}
let plainAmount: Intl.NumberFormat | undefined;

/** Formats integer minor units (cents): formatMoney(123450, 'USD') → '$1,234.50', formatMoney(1234, 'JPY') → '¥1,234'. */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  if (currency === 'USD' && Number.isSafeInteger(cents)) {
    const whole = Math.abs(cents);
    return `${cents < 0 ? '-' : ''}$${groupDigits(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
  }
  return formatCurrency(cents / 10 ** minorUnitDigits(currency), currency);
}

/** '$1,234.50' for USD from a major-unit amount; an unknown currency code is shown as 'XYZ 1,234.50'. */
export function formatCurrency(amount: number, currency = 'USD'): string {
  const format = currencyFormat(currency);
  if (format) return format.format(amount);
  plainAmount ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currency} ${plainAmount.format(amount)}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Parses 'YYYY-MM-DD' as a calendar date at UTC midnight; null when it is not a real date (2025-02-30). */
export function parseIsoDate(value: string): Date | null {
  const match = dateOnly.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? date : null;
}

/** 'YYYY-MM-DD' of a date, read in UTC (the form invoices store due dates in). */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * 'July 17, 2025'. A date-only string is a calendar date and never shifts with the time zone; an ISO
 * timestamp is shown in `timeZone` (default: the runtime's zone). Anything else gives ''.
 */
export function formatLongDate(value: string | Date, timeZone?: string): string {
  let date: Date | null = null;
  let isCalendarDate = false;
  if (typeof value !== 'string') {
    date = value;
  } else if (dateOnly.test(value.trim())) {
    isCalendarDate = true;
    date = parseIsoDate(value);
  } else if (isoDateTime.test(value.trim())) {
    // Only ISO forms: other strings are parsed differently by each browser's Date.
    date = new Date(value.trim());
  }
  if (!date || Number.isNaN(date.getTime())) return '';
  const zone = isCalendarDate ? 'UTC' : timeZone;
  if (zone === 'UTC') return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  if (zone === undefined) return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone }).format(date);
}

/**
 * One calendar month later, clamped to the month's end (Jan 31 → Feb 28/29), keeping the time of day.
 * Works in UTC so the invoice job and the browser agree on the due date.
 */
export function addOneMonth(date: Date): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const daysInNextMonth = new Date(Date.UTC(year, month + 2, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month + 1, Math.min(date.getUTCDate(), daysInNextMonth));
  return result;
}

/**
 * A whole number with en-US thousands separators (1000000 → '1,000,000'), without Intl: for text a module builds when
 * it loads (a schema's message), because the first Intl call of a process sets up ICU, 20–40 ms of a Lambda's cold
 * start (issue 25 §3). Same text as `toLocaleString('en-US')` for integers.
 */
export function groupDigits(n: number): string {
  const [sign, digits] = n < 0 ? ['-', String(-Math.trunc(n))] : ['', String(Math.trunc(n))];
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A count as people read it, '1,250': the text of `toLocaleString('en-US')`, without Intl for a whole number. */
export function formatCount(n: number): string {
  return Number.isSafeInteger(n) ? groupDigits(n) : n.toLocaleString('en-US');
}

/** '1 scan', '2 scans', '1,250 scans'; pass the plural when adding 's' is wrong. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** Two uppercase letters for an avatar: 'Jane Doe' → 'JD', 'Cher' → 'CH', nothing usable → '?'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = last ? [...first][0]! + [...last][0]! : [...first].slice(0, 2).join('');
  return letters.toUpperCase();
}

export interface DisplayNameSource {
  fullName?: string | null;
  name?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  email?: string | null;
}

/** Spec 1 §3: full name → name → given + family → email; '' when none is set. */
export function displayNameFrom(source: DisplayNameSource): string {
  const t = (value: string | null | undefined) => value?.trim() ?? '';
  const givenFamily = [t(source.givenName), t(source.familyName)].filter(Boolean).join(' ');
  return t(source.fullName) || t(source.name) || givenFamily || t(source.email);
}

/** A percentage as people read it: '5 %' → '5%', '7.5' → '7.5%', '12.25' → '12.25%' (at most two decimals). */
export function formatPercent(value: number): string {
  const rounded = Number(value.toFixed(2));
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  return `${rounded < 0 ? '-' : ''}${groupDigits(Number(whole))}${fraction ? `.${fraction}` : ''}%`;
}

/** 'November 2026' for a billing period '2026-11'; '' for anything else. */
export function formatBillingPeriod(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return '';
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[1])}`;
}

/** 'Nov 2026' for a month '2026-11' (a chart's or a table's column); '' for anything else. */
export function formatShortMonth(period: string): string {
  return formatBillingPeriod(period).replace(/^(\w{3})\w* /, '$1 ');
}
