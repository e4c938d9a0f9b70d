// The e-mail signature's HTML rules (issue 22 §3): what Gmail, Outlook and Apple Mail keep — tables, inline styles, no
// classes/SVG/<style>/<script>, absolute image URLs on the site's origin with alt text, ≤ 600 px, ≤ 10 KB — and that
// whatever a person typed is escaped, the field choices apply and the card link is marked as a signature scan.
import { describe, expect, it } from 'vitest';
import { buildEmailSignature, phonesOf, readableBrandColor, signatureDocument, signatureFileName, signatureImageUrl, SIGNATURE_MAX_BYTES, telHref } from './email-signature';
import { contrastRatio } from './colour';
import { markedCardUrl, scanSourceOfMark } from './scan-sources';
import { DEFAULT_SIGNATURE_FIELDS, type EmailSignatureData } from './schemas/email-signature';

const origin = 'https://cards.example.com';
const cardUrl = markedCardUrl(`${origin}/card/card_01`, 'signature');

const full = (overrides: Partial<EmailSignatureData> = {}): EmailSignatureData => ({
  cardId: 'card_01',
  cardUrl,
  qrImageUrl: `${origin}/media/signature-qr/card_01/0123456789abcdef.png`,
  siteOrigin: origin,
  name: 'Ada Lovelace',
  jobTitle: 'Chief Analytical Engine Officer',
  email: 'ada@example.com',
  phones: [
    { label: 'Office', number: '+1 (555) 010-1234' },
    { label: 'Mobile', number: '+44 20 7946 0958' },
  ],
  photoUrl: `${origin}/media/photos/emp_01/photo-400.jpg`,
  companyName: 'Analytical Engines Ltd',
  logoUrl: `${origin}/media/logos/biz_01/logo-400.png`,
  logoSize: { width: 120, height: 36 },
  brandColor: '#3B82F6',
  fields: DEFAULT_SIGNATURE_FIELDS,
  disclaimer: 'This e-mail and any attachments are confidential.',
  ...overrides,
});

const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe('buildEmailSignature: what mail clients keep', () => {
  const longest = full({
    name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Montgomery',
    jobTitle: 'Senior Vice President of Worldwide Partner Engineering and Customer Success'.slice(0, 100),
    companyName: 'The Very Long International Company Name of Many Words and Subsidiaries Incorporated',
    phones: [
      { label: 'Office', number: '+1 (555) 010-1234 ext. 5678' },
      { label: 'Mobile', number: '+44 20 7946 0958 0000' },
      { label: 'Phone', number: '+49 30 1234567890' },
    ],
    disclaimer: 'D'.repeat(300),
  });
  const { html } = buildEmailSignature(longest);

  it('uses no classes, SVG, <style>, <script>, event handlers or data: URLs', () => {
    expect(html).not.toMatch(/\sclass=/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/data:/i);
  });

  it('lays out with tables and inline styles', () => {
    expect(html.startsWith('<table')).toBe(true);
    expect(html).not.toMatch(/<div|<span|<p[\s>]/);
    for (const td of html.match(/<td\b[^>]*>/g)!) expect(td, td).toMatch(/style="/);
  });

  it('gives every image a non-empty alt, an absolute PNG or JPEG URL on the site origin, and width and height attributes the CSS repeats', () => {
    const imgs = imgTags(html);
    expect(imgs).toHaveLength(3);
    for (const tag of imgs) {
      expect(attr(tag, 'alt'), tag).toBeTruthy();
      const src = new URL(attr(tag, 'src')!);
      expect(src.origin).toBe(origin);
      expect(src.pathname, tag).toMatch(/\.(png|jpe?g)$/);
      const [width, height] = [attr(tag, 'width'), attr(tag, 'height')];
      expect(width, tag).toMatch(/^\d+$/);
      expect(height, tag).toMatch(/^\d+$/);
      // Outlook reads the attributes, the others the CSS: both say the same, and nothing scales the image.
      expect(attr(tag, 'style'), tag).toContain(`width:${width}px;height:${height}px`);
      expect(attr(tag, 'style'), tag).not.toMatch(/auto|max-width|border-radius/);
    }
    expect(imgs.map((t) => [attr(t, 'width'), attr(t, 'height')])).toEqual([
      ['80', '80'],
      ['120', '36'],
      ['88', '88'],
    ]);
    expect(imgs.map((t) => attr(t, 'alt'))).toEqual(['Photo of Maximiliana Wolfeschlegelsteinhausenbergerdorff-Montgomery', 'The Very Long International Company Name of Many Words and Subsidiaries Incorporated logo', 'QR code: scan to open my digital card']);
  });

  it('stays within 600 px: no width attribute or CSS width above it', () => {
    const widths = [...html.matchAll(/\swidth="(\d+)"/g), ...html.matchAll(/(?:^|[;"])(?:max-)?width:(\d+)px/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThan(0);
    for (const w of widths) expect(w).toBeLessThanOrEqual(600);
    expect(html).toContain('max-width:600px');
    // Photo, text and QR side by side: 96 + the text column + 104.
    expect(html).toMatch(/width="96"/);
    expect(html).toMatch(/width="104"/);
  });

  it('stays under 10 KB with every field and a 300-character disclaimer', () => {
    expect(new TextEncoder().encode(html).length).toBeLessThanOrEqual(SIGNATURE_MAX_BYTES);
    expect(html).toContain('D'.repeat(300));
  });

  it('links the phones (tel:), the e-mail (mailto:) and the card page marked as an e-mail signature scan', () => {
    const { html } = buildEmailSignature(full());
    expect(html).toContain('href="tel:+15550101234"');
    expect(html).toContain('href="tel:+442079460958"');
    expect(html).toContain('href="mailto:ada@example.com"');
    const cardLinks = [...html.matchAll(/href="([^"]*\/card\/[^"]*)"/g)].map((m) => m[1]);
    expect(cardLinks.length).toBe(3); // the photo, the text link, the QR code
    for (const href of cardLinks) {
      const url = new URL(href!.replace(/&amp;/g, '&'));
      expect(url.pathname).toBe('/card/card_01');
      expect(scanSourceOfMark(url.searchParams.get('s') ?? undefined)).toBe('signature');
    }
    expect(html).toContain('>View my digital card</a>');
  });
});

describe('buildEmailSignature: escaping and choices', () => {
  it('escapes hostile text everywhere it appears', () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    const { html, text } = buildEmailSignature(
      full({ name: hostile, jobTitle: hostile, companyName: hostile, disclaimer: hostile, phones: [{ label: 'Office', number: `1234 ${hostile}` }], email: 'a"b@example.com' }),
    );
    expect(html).not.toContain('<img src=x');
    // No attribute outside the quoted values names a handler.
    for (const tag of html.replace(/"[^"]*"/g, '""').match(/<[^>]*>/g)!) expect(tag).not.toMatch(/\son\w+=/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(html).toContain('href="mailto:a&quot;b@example.com"');
    expect(imgTags(html)).toHaveLength(3);
    // The plain text is plain: the characters as typed.
    expect(text.split('\n')[0]).toBe(hostile);
  });

  it('leaves out images that are not PNG or JPEG (WebP shows broken in classic Outlook), and a logo of unknown size', () => {
    for (const url of [`${origin}/media/logos/b/v/256.webp`, `${origin}/x.svg`, `${origin}/x.gif`, `${origin}/media/x`, `${origin}/x.png.webp`]) {
      expect(signatureImageUrl(url, origin), url).toBeNull();
    }
    for (const url of [`${origin}/x.png`, `${origin}/x.PNG`, `${origin}/x.jpg`, `${origin}/x.jpeg?v=2`]) expect(signatureImageUrl(url, origin), url).not.toBeNull();
    const webp = buildEmailSignature(full({ photoUrl: `${origin}/media/photos/b/e/v/192.webp`, logoUrl: `${origin}/media/logos/b/v/256.webp` })).html;
    expect(imgTags(webp).map((t) => attr(t, 'alt'))).toEqual(['QR code: scan to open my digital card']);
    expect(webp).not.toContain('.webp');
    const unsized = buildEmailSignature(full({ logoSize: null })).html;
    expect(imgTags(unsized).map((t) => attr(t, 'alt'))).toEqual(['Photo of Ada Lovelace', 'QR code: scan to open my digital card']);
  });

  it('leaves out images that are not absolute https or on the site origin', () => {
    expect(signatureImageUrl('/media/x.png', origin)).toBeNull();
    expect(signatureImageUrl('data:image/png;base64,AAAA', origin)).toBeNull();
    expect(signatureImageUrl('http://elsewhere.example/x.png', origin)).toBeNull();
    expect(signatureImageUrl('javascript:alert(1)', origin)).toBeNull();
    expect(signatureImageUrl('https://cdn.example/logo.png', origin)).toBe('https://cdn.example/logo.png');
    // Locally the site (and its media) is plain http on 127.0.0.1.
    expect(signatureImageUrl('http://127.0.0.1:3600/media/qr.png', 'http://127.0.0.1:3600')).toBe('http://127.0.0.1:3600/media/qr.png');
    const { html } = buildEmailSignature(full({ photoUrl: 'http://elsewhere.example/p.jpg', logoUrl: 'data:image/png;base64,AAAA' }));
    expect(imgTags(html)).toHaveLength(1);
  });

  it('shows only the fields the company chose; name and company always', () => {
    const none = { photo: false, jobTitle: false, phones: false, email: false, logo: false, qrCode: false, cardLink: false };
    const { html, text } = buildEmailSignature(full({ fields: none, disclaimer: null }));
    expect(imgTags(html)).toHaveLength(0);
    expect(html).not.toMatch(/tel:|mailto:|\/card\//);
    expect(html).not.toContain('Chief Analytical');
    expect(text).toBe('Ada Lovelace\nAnalytical Engines Ltd');
    const onlyQr = buildEmailSignature(full({ fields: { ...none, qrCode: true } }));
    expect(imgTags(onlyQr.html).map((t) => attr(t, 'alt'))).toEqual(['QR code: scan to open my digital card']);
  });

  it('writes the plain text as lines: name, title, company, phones, e-mail, card link, disclaimer', () => {
    expect(buildEmailSignature(full()).text).toBe(
      [
        'Ada Lovelace',
        'Chief Analytical Engine Officer',
        'Analytical Engines Ltd',
        'Office: +1 (555) 010-1234',
        'Mobile: +44 20 7946 0958',
        'Email: ada@example.com',
        `View my digital card: ${cardUrl}`,
        '',
        'This e-mail and any attachments are confidential.',
      ].join('\n'),
    );
  });

  it('darkens a pale brand colour until links read on white', () => {
    for (const hex of ['#FDE047', '#ffffff', '#3B82F6', '#06B6D4']) expect(contrastRatio(readableBrandColor(hex), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableBrandColor('#1E40AF')).toBe('#1e40af');
    expect(contrastRatio(readableBrandColor(null), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('helpers', () => {
  it('dials digits and a leading + only', () => {
    expect(telHref('+1 (555) 010-1234')).toBe('tel:+15550101234');
    expect(telHref('0800 12+34')).toBe('tel:08001234');
    expect(telHref('n/a')).toBeNull();
    expect(telHref('+1 (555) 010-1234 ext. 5678')).toBe('tel:+15550101234');
  });

  it('lists office, mobile and a different main number', () => {
    expect(phonesOf({ phone: '1', officePhone: '2', mobilePhone: '3' })).toEqual([
      { label: 'Office', number: '2' },
      { label: 'Mobile', number: '3' },
      { label: 'Phone', number: '1' },
    ]);
    expect(phonesOf({ phone: '2', officePhone: '2' })).toEqual([{ label: 'Office', number: '2' }]);
  });

  it('names the download after the person and wraps it as a document', () => {
    expect(signatureFileName('Zoë O’Brien-Smith')).toBe('zoe-o-brien-smith-signature.htm');
    expect(signatureFileName('李雷')).toBe('email-signature.htm');
    expect(signatureDocument({ html: '<table></table>', text: '' }, 'A <b>')).toBe(
      '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>A &lt;b&gt;</title></head><body><table></table></body></html>\n',
    );
  });
});
