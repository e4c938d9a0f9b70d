import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { messages } from '../../../shared/messages';
import { checkUploadFile, MAX_UPLOAD_BYTES, uploadContentTypes } from '../../../shared/schemas/media';
import { normaliseImage, sniffImageType } from './normalise-image';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1e40af' } });

/** A camera-like JPEG: EXIF with the camera, a GPS position and a rotated orientation. */
const cameraJpeg = () =>
  solid(800, 600)
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Leaky 1', Orientation: '6' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .toBuffer();

describe('uploaded images', () => {
  // Issue 27 §3: the field hint, the refusal and what the browser and the server take are the same four formats.
  it('names every format the server decodes in the refusal message and the field hint, and the browser takes each', async () => {
    const samples = { JPG: solid(4, 4).jpeg(), PNG: solid(4, 4).png(), WebP: solid(4, 4).webp(), GIF: solid(4, 4).gif() };
    for (const [name, image] of Object.entries(samples)) {
      const type = sniffImageType(await image.toBuffer());
      expect(type, name).not.toBeNull();
      expect(checkUploadFile({ type: `image/${type}`, size: 1024 }).ok, name).toBe(true);
      expect(messages.upload.invalidType).toContain(name);
      expect(messages.upload.hint).toContain(name);
    }
    expect(uploadContentTypes).toHaveLength(Object.keys(samples).length);
    expect(messages.upload.hint).toContain('5 MB');
  });

  it('knows image types by their bytes, not their names', async () => {
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe('gif');
    expect(sniffImageType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('strips every metadata block, EXIF GPS included, and re-encodes as square WebP photos', async () => {
    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const renditions = await normaliseImage(input, 'photo');
    expect(renditions.map((r) => [r.size, r.width, r.height])).toEqual([
      [96, 96, 96],
      [192, 192, 192],
    ]);
    for (const r of renditions) {
      const meta = await sharp(r.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(r.body.byteLength).toBeLessThan(4096);
    }
  });

  it('keeps a logo’s shape inside the square and never enlarges a small one', async () => {
    const wide = await normaliseImage(await solid(1000, 250).png().toBuffer(), 'logo');
    expect(wide.map((r) => [r.width, r.height])).toEqual([
      [64, 16],
      [128, 32],
      [256, 64],
    ]);
    const tiny = await normaliseImage(await solid(40, 40).png().toBuffer(), 'logo');
    expect(tiny.map((r) => r.width)).toEqual([40, 40, 40]);
  });

  it('refuses an HTML file named .png, an SVG, a truncated image and an empty file as an invalid file type', async () => {
    const truncated = (await cameraJpeg()).subarray(0, 1500);
    const cases = [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      truncated,
      Buffer.alloc(0),
      // PNG magic bytes followed by garbage.
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]),
    ];
    for (const bytes of cases) {
      await expect(normaliseImage(bytes, 'photo')).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.upload.invalidType });
    }
  });

  it('refuses 5 MB + 1 byte as too large, before decoding it', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const oversize = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    await expect(normaliseImage(oversize, 'photo')).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Please select an image smaller than 5MB.' });
  });

  it('refuses an image over 40 megapixels as too large, saying so: a valid 8000×8000 PNG and a decompression bomb', async () => {
    const big = await solid(8000, 8000).png().toBuffer();
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    for (const bytes of [big, bomb]) {
      expect(bytes.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
      await expect(normaliseImage(bytes, 'photo')).rejects.toMatchObject({ code: 'UNPROCESSABLE', status: 422, message: messages.upload.tooManyPixels });
    }
    // Encoding the two 64- and 100-megapixel fixtures alone takes seconds of CPU on a loaded 2-core machine.
  }, 20_000);

  it('crops a cover to 3:1 at 480 and 640 px wide, softened and light', async () => {
    const renditions = await normaliseImage(await solid(1600, 1200).png().toBuffer(), 'cover');
    expect(renditions.map((r) => [r.size, r.width, r.height, r.contentType])).toEqual([
      [480, 480, 160, 'image/webp'],
      [640, 640, 213, 'image/webp'],
    ]);
  });

  it('takes an image of exactly 40 megapixels', async () => {
    const renditions = await normaliseImage(await solid(8000, 5000).png().toBuffer(), 'logo');
    expect(renditions.map((r) => [r.width, r.height])).toEqual([
      [64, 40],
      [128, 80],
      [256, 160],
    ]);
  });

  it('makes a favicon exactly 32, 180 and 512 px square PNGs, the image whole inside (enlarged), the 180 px one on white', async () => {
    const wide = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#7c3aed' } }).png().toBuffer();
    const renditions = await normaliseImage(wide, 'favicon');
    const metas = await Promise.all(renditions.map(async (r) => ({ ...(await sharp(r.body).metadata()), size: r.size, type: r.contentType })));
    expect(metas.map((m) => [m.size, m.type, m.format, m.width, m.height, m.hasAlpha])).toEqual([
      [32, 'image/png', 'png', 32, 32, true],
      [180, 'image/png', 'png', 180, 180, false],
      [512, 'image/png', 'png', 512, 512, true],
    ]);
    // Letterboxed: transparent above the wide image, its colour in the middle; white above it on the touch icon.
    const pixel = async (body: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const i = (y * info.width + x) * 4;
      return [...data.subarray(i, i + 4)];
    };
    expect(await pixel(renditions[2]!.body, 256, 10)).toEqual([0, 0, 0, 0]);
    expect(await pixel(renditions[2]!.body, 256, 256)).toEqual([0x7c, 0x3a, 0xed, 255]);
    expect(await pixel(renditions[1]!.body, 90, 5)).toEqual([255, 255, 255, 255]);
  });
});
