// The three card designs and the optional fields a business switches on: what each renders, what stays hidden while
// a field is off, and that everything a person typed is escaped in every design.
import { describe, expect, it } from 'vitest';
import { cardLayouts, type CardDesignFields, type CardLayout } from '../../../shared/schemas/card-design';
import { renderCardPage, type PublicCardView } from './card-page';

const allOn: CardDesignFields = { pronouns: true, bio: true, booking: true, address: true, links: true };
const allOff: CardDesignFields = { pronouns: false, bio: false, booking: false, address: false, links: false };

const extras = {
  pronouns: 'she/her',
  bio: 'Wrote the first compiler.\nLoves nanoseconds.',
  bookingUrl: 'https://cal.example/grace',
  officeAddress: '1 Navy Way\nArlington, VA',
  extraLinks: [
    { label: 'Portfolio', url: 'https://grace.example/work/' },
    { label: 'Talks', url: 'https://talks.example/grace' },
  ],
};

const view = (layout: CardLayout, fields: CardDesignFields = allOn, more: Partial<PublicCardView['business']> = {}, profile: Partial<PublicCardView['profile']> = {}): PublicCardView => ({
  cardId: 'card-1234567890',
  cardUrl: 'https://cards.example/card/card-1234567890',
  vcardUrl: '/api/public/cards/card-1234567890/vcard',
  profile: { name: 'Grace Hopper', email: 'grace@navy.example', jobTitle: 'Rear Admiral', photoUrl: 'https://cards.example/media/photos/b/e/v1/192.webp', ...extras, ...profile },
  business: { name: 'Navy', primaryColor: '#112233', logoUrl: 'https://cards.example/media/logos/b/v1/256.webp', design: { layout, fields }, ...more },
});

describe('card designs', () => {
  it('renders Classic as the seed layout: the centred header on the brand gradient, no layout rules beyond it', () => {
    const html = renderCardPage(view('classic'));
    expect(html).toContain('<header><img class="avatar"');
    expect(html).not.toContain('header.compact');
    expect(html).not.toContain('header.banner');
    // A card without a design at all is Classic too.
    const { design: _none, ...business } = view('classic').business;
    expect(renderCardPage({ ...view('classic'), business })).toContain('<header><img class="avatar"');
  });

  it('renders Compact with the photo beside the name and only its own rules', () => {
    const html = renderCardPage(view('compact'));
    expect(html).toMatch(/<header class="compact"><img class="avatar"[^>]*><div><h1>Grace Hopper<\/h1>/);
    expect(html).toContain('header.compact{');
    expect(html).not.toContain('header.banner');
  });

  it('renders Banner with the cover at 1× and 2× widths across the top, the photo on its edge', () => {
    const html = renderCardPage(view('banner', allOn, { design: { layout: 'banner', coverUrl: 'https://cards.example/media/covers/b/v1/640.webp', fields: allOn } }));
    expect(html).toContain('<header class="banner"><div class="cover"><img src="https://cards.example/media/covers/b/v1/480.webp"');
    expect(html).toContain('srcset="https://cards.example/media/covers/b/v1/480.webp 480w, https://cards.example/media/covers/b/v1/640.webp 640w"');
    // Decorative: the cover says nothing a screen reader needs.
    expect(html).toMatch(/<div class="cover"><img [^>]*alt=""/);
    expect(html).toContain('header.banner{');
  });

  it('shows a band of the brand colours where a Banner has no cover, and never a cover that is not http(s)', () => {
    expect(renderCardPage(view('banner'))).toContain('<div class="cover"></div>');
    const html = renderCardPage(view('banner', allOn, { design: { layout: 'banner', coverUrl: 'javascript:alert(1)', fields: allOn } }));
    expect(html).toContain('<div class="cover"></div>');
    expect(html).not.toContain('javascript:');
  });

  it.each(cardLayouts)('%s: needs no JavaScript and shows every optional field that is switched on', (layout) => {
    const html = renderCardPage(view(layout));
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<p class="pronouns">she/her</p>');
    expect(html).toContain('<p class="bio">Wrote the first compiler.\nLoves nanoseconds.</p>');
    expect(html).toContain('<a href="https://cal.example/grace" rel="noopener noreferrer">Book a meeting</a>');
    expect(html).toContain('<span class="multi">1 Navy Way\nArlington, VA</span>');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=1%20Navy%20Way%2C%20Arlington%2C%20VA"');
    expect(html).toContain('<li><span class="label">Portfolio</span><a href="https://grace.example/work/" rel="noopener noreferrer">grace.example/work</a></li>');
    expect(html).toContain('<span class="label">Talks</span>');
  });

  it.each(cardLayouts)('%s: shows none of the optional fields while the business has them off', (layout) => {
    const html = renderCardPage(view(layout, allOff));
    for (const text of ['she/her', 'first compiler', 'cal.example', 'Navy Way', 'Portfolio', 'Show on map']) expect(html).not.toContain(text);
  });

  it('switches each optional field on its own', () => {
    const only = (field: keyof CardDesignFields) => renderCardPage(view('classic', { ...allOff, [field]: true }));
    expect(only('pronouns')).toContain('she/her');
    expect(only('pronouns')).not.toContain('Book a meeting');
    expect(only('bio')).toContain('first compiler');
    expect(only('bio')).not.toContain('she/her');
    expect(only('booking')).toContain('Book a meeting');
    expect(only('booking')).not.toContain('Show on map');
    expect(only('address')).toContain('Show on map');
    expect(only('address')).not.toContain('Portfolio');
    expect(only('links')).toContain('Portfolio');
    expect(only('links')).not.toContain('first compiler');
  });

  it.each(cardLayouts)('%s: escapes every optional field and drops links that are not http(s)', (layout) => {
    const html = renderCardPage(
      view(layout, allOn, {}, {
        pronouns: '<b>they</b>',
        bio: '"><script>alert(1)</script>',
        officeAddress: "O'Hare & <Co>",
        bookingUrl: 'javascript:alert(1)',
        extraLinks: [
          { label: '<img src=x>', url: 'https://ok.example' },
          { label: 'Bad', url: 'data:text/html,x' },
        ],
      }),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;b&gt;they&lt;/b&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('O&#x27;Hare &amp; &lt;Co&gt;');
    expect(html).toContain('<span class="label">&lt;img src=x&gt;</span>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).not.toContain('>Bad<');
    expect(html).not.toContain('Book a meeting');
  });

  it('shows at most five more links', () => {
    const links = Array.from({ length: 7 }, (_, i) => ({ label: `Link ${i + 1}`, url: `https://l${i + 1}.example` }));
    const html = renderCardPage(view('compact', allOn, {}, { extraLinks: links }));
    expect(html).toContain('>Link 5<');
    expect(html).not.toContain('>Link 6<');
  });
});
