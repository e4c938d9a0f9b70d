import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addOneMonth,
  formatBillingPeriod,
  formatCount,
  formatPercent,
  formatShortMonth,
  displayNameFrom,
  formatCurrency,
  formatMoney,
  groupDigits,
  minorUnitDigits,
  formatLongDate,
  initials,
  parseIsoDate,
  pluralize,
  toIsoDate,
} from './format';

describe('formatCurrency', () => {
  it('formats US dollars by default', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(5.97)).toBe('$5.97');
    expect(formatCurrency(1_000_000)).toBe('$1,000,000.00');
  });

  it('formats the invoice currency', () => {
    expect(formatCurrency(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatCurrency(10, 'GBP')).toBe('£10.00');
  });

  it('rounds to the currency minor unit', () => {
    expect(formatCurrency(1.005)).toBe('$1.01');
    expect(formatCurrency(1234, 'JPY')).toBe('¥1,234');
  });

  it('shows the code for a currency Intl does not know', () => {
    expect(formatCurrency(12.5, 'not-a-code')).toBe('not-a-code 12.50');
  });
});

describe('formatMoney (integer minor units)', () => {
  it('formats cents as dollars by default', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(597)).toBe('$5.97');
    expect(formatMoney(199, 'USD')).toBe('$1.99');
    expect(formatMoney(100_000_000)).toBe('$1,000,000.00');
  });

  it('uses each currency’s own minor unit', () => {
    expect(formatMoney(123450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('USD')).toBe(2);
  });

  it('shows the code and two decimals for a currency Intl does not know', () => {
    expect(formatMoney(1250, 'not-a-code')).toBe('not-a-code 12.50');
  });
});

describe('formatLongDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('writes the long US form', () => {
    expect(formatLongDate('2025-07-17')).toBe('July 17, 2025');
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
  });

  it.each(['America/Los_Angeles', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'Asia/Tokyo', 'UTC'])(
    'treats a date-only string as a calendar date in %s',
    (zone) => {
      process.env.TZ = zone;
      expect(formatLongDate('2025-07-17')).toBe('July 17, 2025');
      expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
      expect(formatLongDate('2025-12-31', zone)).toBe('December 31, 2025');
    },
  );

  it('shows a timestamp in the given time zone', () => {
    expect(formatLongDate('2025-07-17T23:30:00Z', 'UTC')).toBe('July 17, 2025');
    expect(formatLongDate('2025-07-17T23:30:00Z', 'Asia/Tokyo')).toBe('July 18, 2025');
    expect(formatLongDate('2025-07-17T02:00:00Z', 'America/New_York')).toBe('July 16, 2025');
  });

  it('accepts a Date', () => {
    expect(formatLongDate(new Date(Date.UTC(2025, 6, 17, 12)), 'UTC')).toBe('July 17, 2025');
  });

  it.each(['', 'soon', '2025-02-30', '2025-13-01', '2025-7-17', 'July 17, 2025', '07/17/2025'])(
    'gives an empty string for %j',
    (value) => {
      expect(formatLongDate(value)).toBe('');
    },
  );

  it('gives an empty string for an invalid Date', () => {
    expect(formatLongDate(new Date(Number.NaN))).toBe('');
  });
});

describe('parseIsoDate and toIsoDate', () => {
  it('reads a real calendar date at UTC midnight', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2025-04-31')).toBeNull();
    expect(parseIsoDate('2025-00-10')).toBeNull();
    expect(parseIsoDate('2025-07-17T00:00:00Z')).toBeNull();
  });

  it('keeps years below 100 as written', () => {
    expect(parseIsoDate('0099-01-01')?.getUTCFullYear()).toBe(99);
  });

  it('writes YYYY-MM-DD in UTC', () => {
    expect(toIsoDate(new Date(Date.UTC(2025, 0, 5, 23, 59)))).toBe('2025-01-05');
  });
});

describe('addOneMonth', () => {
  const utc = (y: number, m: number, d: number, h = 0) => new Date(Date.UTC(y, m - 1, d, h));

  it('moves to the same day of the next month', () => {
    expect(toIsoDate(addOneMonth(utc(2025, 3, 15)))).toBe('2025-04-15');
  });

  it('clamps Jan 31 to the end of February', () => {
    expect(toIsoDate(addOneMonth(utc(2025, 1, 31)))).toBe('2025-02-28');
    expect(toIsoDate(addOneMonth(utc(2024, 1, 31)))).toBe('2024-02-29');
  });

  it('clamps the 31st to a 30-day month', () => {
    expect(toIsoDate(addOneMonth(utc(2025, 3, 31)))).toBe('2025-04-30');
    expect(toIsoDate(addOneMonth(utc(2025, 8, 31)))).toBe('2025-09-30');
  });

  it('rolls December into January of the next year', () => {
    expect(toIsoDate(addOneMonth(utc(2025, 12, 31)))).toBe('2026-01-31');
    expect(toIsoDate(addOneMonth(utc(2025, 12, 1)))).toBe('2026-01-01');
  });

  it('keeps the time of day and does not change its argument', () => {
    const start = utc(2025, 1, 31, 14);
    const next = addOneMonth(start);
    expect(next.toISOString()).toBe('2025-02-28T14:00:00.000Z');
    expect(start.toISOString()).toBe('2025-01-31T14:00:00.000Z');
  });
});

describe('pluralize', () => {
  it('uses the singular only for exactly one', () => {
    expect(pluralize(1, 'scan')).toBe('1 scan');
    expect(pluralize(2, 'scan')).toBe('2 scans');
    expect(pluralize(0, 'scan')).toBe('0 scans');
  });

  it('groups thousands', () => {
    expect(pluralize(1250, 'scan')).toBe('1,250 scans');
  });

  it('takes an irregular plural', () => {
    expect(pluralize(3, 'company', 'companies')).toBe('3 companies');
    expect(pluralize(1, 'company', 'companies')).toBe('1 company');
  });
});

describe('groupDigits', () => {
  it('writes a whole number as toLocaleString en-US does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_000_000, 1_234_567_890, -1000, -999]) expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('initials', () => {
  it.each([
    ['Jane Doe', 'JD'],
    ['jane doe', 'JD'],
    ['Jane Mary Doe', 'JD'],
    ['  Jane   Doe  ', 'JD'],
    ['Cher', 'CH'],
    ['X', 'X'],
    ['Élodie Östberg', 'ÉÖ'],
    ['(Jane) Doe', 'JD'],
    ['Acme Corp', 'AC'],
  ])('makes %j into %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it.each(['', '   ', '- -', null, undefined])('gives ? for %j', (name) => {
    expect(initials(name)).toBe('?');
  });

  it('does not split a character outside the basic plane', () => {
    expect(initials('𝒜lice 𝒵oe')).toBe('𝒜𝒵');
  });
});

describe('displayNameFrom', () => {
  const all = {
    fullName: 'Jane Q. Doe',
    name: 'Jane Doe',
    givenName: 'Jane',
    familyName: 'Doe',
    email: 'jane@x.example',
  };

  it('prefers the full name', () => {
    expect(displayNameFrom(all)).toBe('Jane Q. Doe');
  });

  it('falls back to the name', () => {
    expect(displayNameFrom({ ...all, fullName: null })).toBe('Jane Doe');
  });

  it('falls back to given plus family name', () => {
    expect(displayNameFrom({ ...all, fullName: '', name: '  ' })).toBe('Jane Doe');
    expect(displayNameFrom({ givenName: 'Jane', email: 'jane@x.example' })).toBe('Jane');
    expect(displayNameFrom({ familyName: 'Doe', email: 'jane@x.example' })).toBe('Doe');
  });

  it('falls back to the e-mail', () => {
    expect(displayNameFrom({ email: ' jane@x.example ' })).toBe('jane@x.example');
  });

  it('gives an empty string when nothing is known', () => {
    expect(displayNameFrom({})).toBe('');
  });
});

describe('formatBillingPeriod', () => {
  it('names the month of a YYYY-MM period, and nothing for anything else', () => {
    expect(formatBillingPeriod('2026-11')).toBe('November 2026');
    expect(formatBillingPeriod('2027-01')).toBe('January 2027');
    for (const bad of ['2026-13', '2026-00', '2026-1', 'November', '']) expect(formatBillingPeriod(bad), bad).toBe('');
  });
});

describe('formatPercent', () => {
  it('writes a percentage with at most two decimals and no trailing zeros', () => {
    expect(formatPercent(5)).toBe('5%');
    expect(formatPercent(7.5)).toBe('7.5%');
    expect(formatPercent(12.25)).toBe('12.25%');
    expect(formatPercent(0.1 + 0.2)).toBe('0.3%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('the en-US forms a page draws first, without Intl (issue 25)', () => {
  const dates = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(1999 + (i % 40), (i * 7) % 12, 1 + ((i * 13) % 28), (i * 5) % 24, 30)));
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
    vi.restoreAllMocks();
  });

  it('gives the same text as Intl', () => {
    for (const cents of [0, 1, 5, 10, 99, 100, 101, 123_450, 100_000, 99_999_999, 123_456_789_012, -1, -250, -123_450])
      expect(formatMoney(cents), String(cents)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100));
    for (const n of [0, 1, 999, 1000, 2500, 10_000, 1_234_567, -42, 1.5, 1234.25]) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    for (const value of [0, 5, 7.5, 12.25, 12.345, 99.999, 1234.5, -3.5])
      expect(formatPercent(value), String(value)).toBe(`${Number(value.toFixed(2)).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`);
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      for (const date of dates) {
        expect(formatLongDate(date), `${date.toISOString()} in ${zone}`).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
        expect(formatLongDate(date.toISOString(), 'UTC')).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
        const month = date.toISOString().slice(0, 7);
        expect(formatBillingPeriod(month)).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' }));
        expect(formatShortMonth(month)).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' }));
      }
    }
  });

  it('builds no Intl formatter for dollars, counts, percentages, months and long dates', async () => {
    vi.resetModules(); // a fresh copy of the module: no formatter cached by the tests above
    const { formatBillingPeriod, formatCount, formatLongDate, formatMoney, formatPercent, formatShortMonth, pluralize } = await import('./format');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    expect([formatMoney(123_450), formatCount(2500), pluralize(1250, 'scan'), formatPercent(7.5), formatBillingPeriod('2026-11'), formatShortMonth('2026-11')]).toEqual([
      '$1,234.50',
      '2,500',
      '1,250 scans',
      '7.5%',
      'November 2026',
      'Nov 2026',
    ]);
    expect([formatLongDate('2026-11-26'), formatLongDate('2026-11-26T10:00:00Z', 'UTC'), formatLongDate(new Date(2026, 10, 26))]).toEqual(['November 26, 2026', 'November 26, 2026', 'November 26, 2026']);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateFormat).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });

  it('still formats other currencies and time zones with Intl', () => {
    expect(formatMoney(123_450, 'EUR')).toBe('€1,234.50');
    expect(formatLongDate('2025-07-17T23:30:00Z', 'Asia/Tokyo')).toBe('July 18, 2025');
    expect(formatShortMonth('2026-13')).toBe('');
  });
});
