import { describe, expect, it } from 'vitest';
import { faviconUrlsOf } from './favicon';

describe('favicon rendition URLs', () => {
  it('derives the 32 and 180 px siblings of a stored 512 px favicon', () => {
    expect(faviconUrlsOf('http://127.0.0.1:3000/media/favicons/a1/v9/favicon-512.png')).toEqual({
      icon32: 'http://127.0.0.1:3000/media/favicons/a1/v9/favicon-32.png',
      appleTouch180: 'http://127.0.0.1:3000/media/favicons/a1/v9/favicon-180.png',
      icon512: 'http://127.0.0.1:3000/media/favicons/a1/v9/favicon-512.png',
    });
  });

  it('knows nothing else: no URL, a logo rendition, another file name', () => {
    expect(faviconUrlsOf(null)).toBeNull();
    expect(faviconUrlsOf('')).toBeNull();
    expect(faviconUrlsOf('https://cdn.example/logos/a1/v9/256.webp')).toBeNull();
    expect(faviconUrlsOf('https://cdn.example/x/favicon-512.png.evil')).toBeNull();
    expect(faviconUrlsOf('https://cdn.example/x/my-favicon-512.png')).toBeNull();
  });
});
