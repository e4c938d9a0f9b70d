import { describe, expect, it } from 'vitest';
import { mapLinkOf, visibleCardExtras } from './card-design';
import { cardDesignSchema, cardExtrasSchema, MAX_EXTRA_LINKS } from './schemas/card-design';

const profile = {
  pronouns: 'they/them',
  bio: 'Hello',
  bookingUrl: 'https://cal.example/x',
  officeAddress: 'Main St 1',
  extraLinks: [{ label: 'Blog', url: 'https://blog.example' }, { label: 'Bad', url: 'javascript:x' }],
};

describe('visibleCardExtras', () => {
  it('keeps only the fields the design switches on (none without a design)', () => {
    expect(visibleCardExtras(profile, undefined)).toEqual({});
    expect(visibleCardExtras(profile, { pronouns: true, bio: false, booking: true, address: false, links: false })).toEqual({ pronouns: 'they/them', bookingUrl: 'https://cal.example/x' });
  });

  it('keeps only http(s) links', () => {
    expect(visibleCardExtras(profile, { pronouns: false, bio: false, booking: false, address: false, links: true })).toEqual({ extraLinks: [{ label: 'Blog', url: 'https://blog.example' }] });
  });

  it('links an address to a map search, its lines joined by commas', () => {
    expect(mapLinkOf('1 Navy Way\nArlington')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Navy%20Way%2C%20Arlington');
  });
});

describe('card design schemas', () => {
  it('accepts the three layouts and refuses any other', () => {
    const fields = { pronouns: false, bio: false, booking: false, address: false, links: false };
    for (const layout of ['classic', 'compact', 'banner']) expect(cardDesignSchema.safeParse({ layout, coverUrl: '', fields }).success).toBe(true);
    expect(cardDesignSchema.safeParse({ layout: 'fancy', coverUrl: null, fields }).success).toBe(false);
    expect(cardDesignSchema.safeParse({ layout: 'banner', coverUrl: 'javascript:alert(1)', fields }).success).toBe(false);
  });

  it('limits the optional fields: five links, labelled, http(s) only; short pronouns; one-line pronouns', () => {
    const link = { label: 'Blog', url: 'https://blog.example' };
    expect(cardExtrasSchema.safeParse({ links: Array.from({ length: MAX_EXTRA_LINKS }, () => link) }).success).toBe(true);
    expect(cardExtrasSchema.safeParse({ links: Array.from({ length: MAX_EXTRA_LINKS + 1 }, () => link) }).success).toBe(false);
    expect(cardExtrasSchema.safeParse({ links: [{ label: '', url: 'https://blog.example' }] }).success).toBe(false);
    expect(cardExtrasSchema.safeParse({ links: [{ label: 'Blog', url: 'ftp://blog.example' }] }).success).toBe(false);
    expect(cardExtrasSchema.safeParse({ links: [{ label: 'Blog', url: '' }] }).success).toBe(false);
    expect(cardExtrasSchema.safeParse({ pronouns: 'x'.repeat(41) }).success).toBe(false);
    expect(cardExtrasSchema.safeParse({ pronouns: 'she\nher' }).success).toBe(false);
    expect(cardExtrasSchema.parse({ pronouns: '  ', bio: 'Line one\r\nLine two' })).toEqual({ pronouns: null, bio: 'Line one\nLine two', bookingUrl: null, officeAddress: null, links: [] });
  });
});
