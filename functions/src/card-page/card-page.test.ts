import { describe, expect, it } from 'vitest';
import { renderCardNotFound, renderCardPage, type PublicCardView } from './card-page';

const view = (overrides: Partial<PublicCardView['profile']> = {}, business: Partial<PublicCardView['business']> = {}): PublicCardView => ({
  cardId: 'card-1234567890',
  cardUrl: 'https://cards.example/card/card-1234567890',
  vcardUrl: '/api/public/cards/card-1234567890/vcard',
  profile: { name: 'Grace Hopper', email: 'grace@navy.example', jobTitle: 'Rear Admiral', ...overrides },
  business: { name: 'Navy', primaryColor: '#112233', ...business },
});

describe('public card page', () => {
  it('needs no JavaScript and escapes everything users typed', () => {
    const html = renderCardPage(view({ name: '<img src=x onerror=alert(1)>', jobTitle: '"quoted" & more' }));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; more');
  });

  it('calls the office phone first, then mobile, then the generic phone', () => {
    expect(renderCardPage(view({ officePhone: '+1 (555) 100', mobilePhone: '+1 555 200', phone: '300' }))).toContain('href="tel:+1555100">Call');
    expect(renderCardPage(view({ mobilePhone: '+1 555 200', phone: '300' }))).toContain('href="tel:+1555200">Call');
    const generic = renderCardPage(view({ phone: '555 300' }));
    expect(generic).toContain('href="tel:555300">Call');
    expect(generic).toContain('>Phone<');
  });

  it('shows the generic phone only when there is no office or mobile phone', () => {
    expect(renderCardPage(view({ officePhone: '+1 555 100', phone: '555 300' }))).not.toContain('>Phone<');
  });

  it('drops links that are not http(s)', () => {
    const html = renderCardPage(view({ linkedinProfile: 'javascript:alert(1)', photoUrl: 'javascript:x' }, { website: 'data:text/html,x' }));
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).toContain('>GH<');
  });

  it('uses the brand colours and is marked noindex with Open Graph tags', () => {
    const html = renderCardPage(view());
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:title" content="Grace Hopper – Navy">');
    expect(html).toMatch(/--primary:\s*210 50% 13%/);
  });

  it("renders 'Card Not Found' with the given message", () => {
    const html = renderCardNotFound('This business card is not available');
    expect(html).toContain('<h1>Card Not Found</h1>');
    expect(html).toContain('This business card is not available');
  });
});
