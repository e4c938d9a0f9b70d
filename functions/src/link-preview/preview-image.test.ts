import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitText, PREVIEW_MAX_BYTES, previewSvg, renderPreview, textWidth, xmlEscape } from './preview-image';

/** A photo that compresses as badly as a photo can: grain over a gradient, barely blurred, 900×900. */
async function noisyImage(size: number, format: 'jpeg' | 'png') {
  const grain = Buffer.from(Array.from({ length: size * size * 3 }, (_, i) => Math.min(255, Math.round(70 + 60 * Math.sin(i / (size * 3) / 40) + Math.random() * 160))));
  const image = sharp(grain, { raw: { width: size, height: size, channels: 3 } }).blur(0.4);
  return format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

const brand = { company: 'Engines Ltd', primaryColor: '#1e40af', secondaryColor: '#7c3aed', accentColor: '#f59e0b' };

describe('the link preview image', () => {
  it('is a 1200×630 JPEG within 300 KB even with a large noisy photo and logo', async () => {
    const jpeg = await renderPreview({ name: 'Ada Lovelace', jobTitle: 'Head of Analytical Engines', ...brand, photo: await noisyImage(900, 'jpeg'), logo: await noisyImage(512, 'png') });
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(jpeg.byteLength).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
  });

  it('draws the photo in a circle and the logo on a plate when it has them, initials otherwise', async () => {
    const photo = await sharp({ create: { width: 192, height: 192, channels: 3, background: '#ff0000' } }).webp().toBuffer();
    const withPhoto = await previewSvg({ name: 'Ada Lovelace', ...brand, photo, logo: photo });
    expect(withPhoto.match(/<image /g)).toHaveLength(2);
    expect(withPhoto).toContain('clip-path="url(#photo)"');
    const without = await previewSvg({ name: 'Ada Lovelace', ...brand });
    expect(without).not.toContain('<image ');
    expect(without).toContain('>AL</text>');
  });

  it('still renders when the photo or logo is missing or not an image', async () => {
    const jpeg = await renderPreview({ name: 'Ada Lovelace', ...brand, photo: Buffer.from('<html>not an image</html>'), logo: null });
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(await previewSvg({ name: 'Ada', ...brand, photo: Buffer.from('nope') })).not.toContain('<image ');
  });

  it('escapes every piece of text for XML', async () => {
    const svg = await previewSvg({ name: `<Tag> & "Quote" 'Apos'`, jobTitle: '</text><script>x</script>', company: 'A & B <Co>', ...{ primaryColor: '#000000' } });
    expect(svg).toContain('&lt;Tag&gt; &amp; &quot;Quote&quot; &apos;Apos&apos;');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('A &amp; B &lt;Co&gt;');
    expect(xmlEscape(`<&"'>`)).toBe('&lt;&amp;&quot;&apos;&gt;');
    // And the document stays valid: it renders.
    const jpeg = await renderPreview({ name: `<Tag> & "Quote" 'Apos'\u0007`, company: 'A & B <Co>' });
    expect((await sharp(jpeg).metadata()).width).toBe(1200);
  });

  it('shrinks a long name, then breaks it over two lines, and cuts what still does not fit with an ellipsis', async () => {
    const nameLines = (svg: string) => [...svg.matchAll(/<text x="450" [^>]*font-weight="700" font-size="(\d+)"[^>]*>([^<]+)<\/text>/g)].map((m) => [Number(m[1]), m[2]!] as const);
    expect(nameLines(await previewSvg({ name: 'Ada Lovelace', company: 'X' }))).toEqual([[72, 'Ada Lovelace']]);
    const shrunk = nameLines(await previewSvg({ name: 'Alexandra Nightingale', company: 'X' }));
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]![0]).toBeLessThan(72);
    expect(shrunk[0]![1]).toBe('Alexandra Nightingale');

    const long = 'Maximilian Alexander Wolfeschlegelsteinhausen-Bergdorff the Third of Somewhere Far Away';
    const svg = await previewSvg({ name: long, company: 'A company name far too long to fit on one line of the preview image, Incorporated' });
    const lines = nameLines(svg);
    expect(lines.map(([size]) => size)).toEqual([56, 56]);
    expect(lines[1]![1]).toMatch(/…$/);
    for (const [size, line] of lines) expect(textWidth(line, { size, weight: 700 })).toBeLessThanOrEqual(690);
    expect(svg).toMatch(/font-weight="600"[^>]*>A company name[^<]*…<\/text>/);

    const oneWord = nameLines(await previewSvg({ name: 'W'.repeat(80), company: 'X' }));
    expect(oneWord).toHaveLength(1);
    expect(oneWord[0]![0]).toBe(48);
    expect(oneWord[0]![1]).toMatch(/^W+…$/);
    expect(fitText('Short', { size: 36, weight: 400 }, 630)).toBe('Short');
  });

  it('keeps text readable on a light brand', async () => {
    const svg = await previewSvg({ name: 'Ada', company: 'Pale', primaryColor: '#fef9c3', secondaryColor: '#fde68a' });
    expect(svg).toMatch(/<text [^>]*fill="#0f172a"/);
    expect(svg).not.toMatch(/<text [^>]*fill="#ffffff"/);
  });
});
