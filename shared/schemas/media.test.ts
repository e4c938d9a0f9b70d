import { describe, expect, it } from 'vitest';
import { checkUploadFile, MAX_UPLOAD_BYTES, uploadContentTypes, uploadRequestSchema } from './media';

const invalidType = {
  ok: false,
  reason: 'invalidType',
  title: 'Invalid file type',
  description: 'Please select a JPG, PNG, WebP or GIF image file.',
};
const tooLarge = {
  ok: false,
  reason: 'tooLarge',
  title: 'File too large',
  description: 'Please select an image smaller than 5MB.',
};

describe('checkUploadFile', () => {
  it('sets the limit at 5 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
  });

  it.each(uploadContentTypes)('accepts %s', (type) => {
    expect(checkUploadFile({ type, size: 1024 })).toEqual({ ok: true, contentType: type });
  });

  it('accepts a type in upper case or with spaces and reports it lower-case', () => {
    expect(checkUploadFile({ type: ' IMAGE/PNG ', size: 1024 })).toEqual({ ok: true, contentType: 'image/png' });
  });

  it('refuses SVG, HEIC and anything that is not a raster image we re-encode', () => {
    for (const type of ['image/svg+xml', 'image/heic', 'image/jpg', 'text/html', 'application/pdf', '']) {
      expect(checkUploadFile({ type, size: 1024 }), type).toEqual(invalidType);
    }
  });

  it('refuses an empty file as an invalid type', () => {
    expect(checkUploadFile({ type: 'image/png', size: 0 })).toEqual(invalidType);
    expect(checkUploadFile({ type: 'image/png', size: Number.NaN })).toEqual(invalidType);
  });

  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(checkUploadFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES }).ok).toBe(true);
    expect(checkUploadFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toEqual(tooLarge);
  });

  it('reports the type before the size', () => {
    expect(checkUploadFile({ type: 'image/svg+xml', size: MAX_UPLOAD_BYTES + 1 })).toEqual(invalidType);
  });
});

describe('uploadRequestSchema', () => {
  const valid = { contentType: 'image/png', size: 2048, purpose: 'logo' };
  const firstMessage = (input: unknown) => uploadRequestSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts a logo and a photo request and lower-cases the type', () => {
    expect(uploadRequestSchema.parse(valid)).toEqual(valid);
    expect(uploadRequestSchema.parse({ ...valid, contentType: 'Image/WebP', purpose: 'photo' })).toEqual({
      contentType: 'image/webp',
      size: 2048,
      purpose: 'photo',
    });
  });

  it('refuses a type that is not an accepted image with the spec message', () => {
    for (const contentType of ['image/svg+xml', 'text/html', '']) {
      expect(firstMessage({ ...valid, contentType }), contentType).toBe('Please select a JPG, PNG, WebP or GIF image file.');
    }
  });

  it('accepts exactly 5 MB and refuses one byte more with the spec message', () => {
    expect(uploadRequestSchema.safeParse({ ...valid, size: MAX_UPLOAD_BYTES }).success).toBe(true);
    expect(firstMessage({ ...valid, size: MAX_UPLOAD_BYTES + 1 })).toBe('Please select an image smaller than 5MB.');
  });

  it('refuses an empty or fractional size', () => {
    expect(uploadRequestSchema.safeParse({ ...valid, size: 0 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ ...valid, size: 10.5 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ ...valid, size: '2048' }).success).toBe(false);
  });

  it('refuses an unknown purpose and fields it does not have', () => {
    expect(uploadRequestSchema.safeParse({ ...valid, purpose: 'avatar' }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ ...valid, key: 'other-owner/logo.png' }).success).toBe(false);
  });
});
