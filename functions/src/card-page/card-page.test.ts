import { gzipSync } from 'node:zlib';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { agencyIcon, renderCardGone, renderCardNotFound, renderCardPage, type PublicCardView } from './card-page';

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

  it('shares the link preview image with its size, a description of it and a large Twitter card', () => {
    const preview = 'https://cards.example/media/previews/card-1234567890/abc123.jpg';
    const html = renderCardPage({ ...view({ photoUrl: 'https://cards.example/media/photos/b/e/v1/192.webp' }), previewImageUrl: preview });
    expect(html).toContain(`<meta property="og:image" content="${preview}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta property="og:image:alt" content="Grace Hopper, Rear Admiral at Navy">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${preview}">`);
    expect(html).not.toContain('og:image" content="https://cards.example/media/photos');
    expect(html).not.toMatch(/<script/i);
  });

  it('falls back to the photo as a small card until the preview is rendered, and to no image without either', () => {
    const photo = 'https://cards.example/media/photos/b/e/v1/192.webp';
    const html = renderCardPage(view({ photoUrl: photo, jobTitle: undefined }));
    expect(html).toContain(`<meta property="og:image" content="${photo}">`);
    expect(html).not.toContain('og:image:width');
    expect(html).toContain('<meta property="og:image:alt" content="Grace Hopper, Navy">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain(`<meta name="twitter:image" content="${photo}">`);
    const bare = renderCardPage(view());
    expect(bare).not.toContain('og:image');
    expect(bare).not.toContain('twitter:image');
    expect(bare).toContain('<meta name="twitter:card" content="summary">');
  });

  it('escapes the preview description and drops a preview URL that is not http(s)', () => {
    const html = renderCardPage({ ...view({ name: 'A "B" <C>' }, { name: 'X & Y' }), previewImageUrl: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('og:image');
    const escaped = renderCardPage({ ...view({ name: 'A "B" <C>' }, { name: 'X & Y' }), previewImageUrl: 'https://cards.example/media/previews/c/h.jpg' });
    expect(escaped).toContain('content="A &quot;B&quot; &lt;C&gt;, Rear Admiral at X &amp; Y"');
  });

  it('shows the business’s mark in the tab, never the platform’s: its logo, or its initial on its colour (issue 21)', () => {
    const withLogo = renderCardPage(view({}, { logoUrl: 'https://cards.example/media/logos/b/v1/256.webp' }));
    expect(withLogo).toContain('<link rel="icon" href="https://cards.example/media/logos/b/v1/64.webp">');
    expect(withLogo).not.toMatch(/cardcrew|favicon\.svg/i);
    const initial = renderCardPage(view({}, { name: 'Navy', primaryColor: '#0B3D91' }));
    const icon = decodeURIComponent(/<link rel="icon" href="data:image\/svg\+xml,([^"]+)">/.exec(initial)?.[1] ?? '');
    expect(icon).toContain('fill="#0B3D91"');
    expect(icon).toContain('>N</text>');
    // A name is escaped into the SVG (stored colours are validated hex before they get here).
    const hostile = renderCardPage(view({}, { name: '<script>alert(1)</script>' }));
    expect(decodeURIComponent(/<link rel="icon" href="data:image\/svg\+xml,([^"]+)">/.exec(hostile)?.[1] ?? '')).not.toContain('<script');
    expect(hostile).not.toContain('favicon.svg');
    // A page of no business keeps the platform's icon.
    expect(renderCardNotFound()).toContain('href="/favicon.svg"');
  });

  it('shows a small QR code of itself where the business chose so: inline SVG, no script, marked as a QR scan, with a 4-module quiet zone', async () => {
    expect(renderCardPage(view())).not.toContain('<svg');
    const without = renderCardPage(view({}, { cardPageQr: false }));
    expect(without).not.toContain('<svg');
    const html = renderCardPage(view({}, { cardPageQr: true }));
    expect(html).not.toMatch(/<script/i);
    const svgs = html.match(/<svg\b[\s\S]*?<\/svg>/g)!;
    expect(svgs).toHaveLength(1);
    expect(svgs[0]).toMatch(/role="img" aria-label="QR code of Grace Hopper’s card"/);
    expect(html).toContain('<figcaption>Scan to open this card on another phone</figcaption>');
    // Drawn as a phone's camera sees it: decodes to the card URL marked as a QR scan, nothing dark in the quiet zone.
    const { data, info } = await sharp(Buffer.from(svgs[0]!), { density: 300 }).resize(400, 400, { kernel: 'nearest' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe('https://cards.example/card/card-1234567890?s=qr');
    const count = Number(/viewBox="0 0 (\d+)/.exec(svgs[0]!)![1]);
    const quiet = Math.floor((4 * info.width) / count) - 1;
    const darkInQuietZone: number[] = [];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const inZone = x < quiet || y < quiet || x >= info.width - quiet || y >= info.height - quiet;
        if (inZone && data[(y * info.width + x) * 4] !== 255) darkInQuietZone.push(y * info.width + x);
      }
    }
    expect(darkInQuietZone).toEqual([]);
    // Inside the card page's first-view budget (14 KB: one round trip), with room to spare.
    expect(gzipSync(html).length).toBeLessThan(14 * 1024);
    expect(gzipSync(html).length - gzipSync(renderCardPage(view())).length).toBeLessThan(1024);
  });

  it("renders 'Card Not Found' with the given message", () => {
    const html = renderCardNotFound('This business card is not available');
    expect(html).toContain('<h1>Card Not Found</h1>');
    expect(html).toContain('This business card is not available');
  });

  it("shows the agency's mark, never the platform's, on 'Card Not Found' on the agency's domain (issue 40)", () => {
    const favicon = renderCardNotFound(undefined, agencyIcon({ name: 'Bright Agency', favicon32: 'https://cards.example/media/favicons/a/1/favicon-32.png', logoUrl: 'https://cards.example/media/logos/a/1/256.webp' }));
    expect(favicon).toContain('<link rel="icon" href="https://cards.example/media/favicons/a/1/favicon-32.png" type="image/png" sizes="32x32">');
    const logo = renderCardNotFound(undefined, agencyIcon({ name: 'Bright Agency', logoUrl: 'https://cards.example/media/logos/a/1/256.webp' }));
    expect(logo).toContain('<link rel="icon" href="https://cards.example/media/logos/a/1/64.webp">');
    const initial = renderCardNotFound(undefined, agencyIcon({ name: 'Bright Agency', favicon32: 'javascript:alert(1)' }));
    expect(decodeURIComponent(/<link rel="icon" href="data:image\/svg\+xml,([^"]+)">/.exec(initial)?.[1] ?? '')).toMatch(/fill="#334155".*>B<\/text>/);
    for (const html of [favicon, logo, initial]) {
      expect(html).not.toMatch(/favicon\.svg|cardcrew|javascript:/i);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/rel="icon"/g)).toHaveLength(1);
    }
  });
});

describe('a leaver’s page (issue 23 §2)', () => {
  const cardUrl = 'https://cards.example/card/card-1234567890';
  const gone = { cardUrl, name: '<b>Lee</b>', business: { name: 'Leaver Labs', website: 'https://leaver.example', primaryColor: '#112233' }, phone: '+1 (555) 0199' };

  it('says who left and links the colleague’s card, escaped, with nothing of the leaver’s to save or contact', () => {
    const html = renderCardGone({ ...gone, successor: { cardId: 'card-0987654321', name: 'Cora "C" Colleague' } });
    expect(html).toContain('&lt;b&gt;Lee&lt;/b&gt; is no longer with Leaver Labs');
    expect(html).toContain('<a class="btn" href="/card/card-0987654321">Cora &quot;C&quot; Colleague’s card</a>');
    expect(html).not.toContain('leaver.example');
    for (const absent of ['<script', '<form', 'vcard', 'Save Contact']) expect(html).not.toContain(absent);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('without a colleague, offers the company’s website and phone; with neither, just says who left', () => {
    const html = renderCardGone(gone);
    expect(html).toContain('Please get in touch with Leaver Labs:');
    expect(html).toContain('href="https://leaver.example"');
    expect(html).toContain('href="tel:+15550199"');
    const bare = renderCardGone({ cardUrl, name: 'Lee', business: { name: 'Leaver Labs', website: 'javascript:alert(1)' } });
    expect(bare).not.toContain('javascript:');
    expect(bare).not.toContain('Please get in touch');
  });

  it('shares a link that says who left and the way on, with no image of the person (issue 39)', () => {
    const photo = 'https://cards.example/media/photos/b/e/photo.jpg';
    const withColleague = renderCardGone({ ...gone, business: { ...gone.business, logoUrl: 'https://cards.example/media/logos/b/logo.png' }, successor: { cardId: 'card-0987654321', name: 'Cora' } });
    expect(withColleague).toContain('<meta property="og:title" content="&lt;b&gt;Lee&lt;/b&gt; is no longer with Leaver Labs">');
    expect(withColleague).toContain('<meta property="og:description" content="Please get in touch with Cora’s card.">');
    expect(withColleague).toContain(`<meta property="og:url" content="${cardUrl}">`);
    expect(withColleague).toContain('<meta property="og:type" content="website">');
    expect(withColleague).toContain('<meta name="twitter:card" content="summary">');
    for (const absent of ['og:image', 'twitter:image', 'profile', photo, 'previews/']) expect(withColleague).not.toContain(absent);
    expect(renderCardGone(gone)).toContain('<meta property="og:description" content="Please get in touch with Leaver Labs.">');
    const bare = renderCardGone({ cardUrl, name: 'Lee', business: { name: 'Leaver Labs' } });
    expect(bare).toContain('<meta property="og:title" content="Lee is no longer with Leaver Labs">');
    expect(bare).not.toContain('og:description');
  });
});
