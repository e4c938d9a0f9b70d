// The background layouts' rules (issue 22 §4): for every layout and every QR size a card URL can need, the code is at
// least MIN_QR_CODE_PX in whole-pixel modules with a 4-module quiet zone on its tile, the tile is inside the frame,
// in the upper half and clear of the centre third where the speaker's head is, and no text overlaps the tile or the
// centre third. The palettes keep text readable whatever the brand colours.
import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { contrastRatio } from '@shared/colour';
import {
  BACKGROUND_HEIGHT,
  BACKGROUND_WIDTH,
  MIN_QR_CODE_PX,
  MIN_TEXT_CONTRAST,
  QR_QUIET_MODULES,
  backgroundLayout,
  backgroundLayoutIds,
  backgroundPalette,
  type Box,
} from './layout';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, frame: Box) => a.x >= frame.x && a.y >= frame.y && a.x + a.width <= frame.x + frame.width && a.y + a.height <= frame.y + frame.height;
const frame: Box = { x: 0, y: 0, width: BACKGROUND_WIDTH, height: BACKGROUND_HEIGHT };
/** Where the speaker's head and shoulders are: the middle third of the width, all the height. */
const centreThird: Box = { x: BACKGROUND_WIDTH / 3, y: 0, width: BACKGROUND_WIDTH / 3, height: BACKGROUND_HEIGHT };

// QR versions 2–7 (25–45 modules): a localhost card URL is version 4 at level M, a long custom domain version 5–6.
const moduleCounts = [25, 29, 33, 37, 41, 45];

describe('background layouts', () => {
  it('a real card URL at level M is within the sizes tested', () => {
    for (const url of ['http://localhost:3400/card/01JDZ7Q3M5W8K2N4P6R8T0V2X4?s=vb', 'https://cards.a-long-company-domain-name.example.com/card/01JDZ7Q3M5W8K2N4P6R8T0V2X4?s=vb']) {
      const { size } = encode(url, { ecc: 'M', border: 0 });
      expect(moduleCounts).toContain(size);
    }
  });

  for (const id of backgroundLayoutIds) {
    describe(id, () => {
      it.each(moduleCounts)('places a %i-module code large, in whole pixels, with its quiet zone, inside the frame and up away from the head', (count) => {
        const { qr } = backgroundLayout(id, count);
        expect(Number.isInteger(qr.modulePx)).toBe(true);
        expect(qr.code.width).toBe(count * qr.modulePx);
        expect(qr.code.width).toBeGreaterThanOrEqual(MIN_QR_CODE_PX);
        expect(qr.code.height).toBe(qr.code.width);
        // The quiet zone: the code sits in the tile with 4 modules of white on every side.
        const quiet = QR_QUIET_MODULES * qr.modulePx;
        expect(qr.code.x - qr.tile.x).toBe(quiet);
        expect(qr.code.y - qr.tile.y).toBe(quiet);
        expect(qr.tile.x + qr.tile.width - (qr.code.x + qr.code.width)).toBe(quiet);
        expect(qr.tile.y + qr.tile.height - (qr.code.y + qr.code.height)).toBe(quiet);
        expect(inside(qr.tile, frame)).toBe(true);
        expect(overlaps(qr.tile, centreThird)).toBe(false);
        // An upper corner: the whole tile above the frame's lower third (shoulders, desk, the apps' name labels).
        expect(qr.tile.y + qr.tile.height).toBeLessThanOrEqual((BACKGROUND_HEIGHT * 2) / 3);
      });

      it.each(moduleCounts)('keeps every text and the logo inside the frame, off the %i-module QR tile and out of the centre third', (count) => {
        const layout = backgroundLayout(id, count);
        const boxes = [layout.logo, layout.logoText, ...Object.values(layout.text)];
        for (const box of boxes) {
          expect(inside(box, frame)).toBe(true);
          expect(overlaps(box, layout.qr.tile)).toBe(false);
          expect(overlaps(box, centreThird)).toBe(false);
        }
        if (layout.panel) for (const box of [layout.qr.tile, ...boxes]) expect(inside(box, layout.panel)).toBe(true);
        // Lines of text do not overlap one another, with the company name in the logo's place or under it.
        const { company, ...others } = layout.text;
        for (const companySlot of [company, layout.logoText]) {
          const texts = [companySlot, ...Object.values(others)];
          for (const [i, a] of texts.entries()) for (const b of texts.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
        }
      });
    });
  }

  it('offers three layouts, each different', () => {
    expect(new Set(backgroundLayoutIds.map((id) => JSON.stringify(backgroundLayout(id, 33))))).toHaveProperty('size', 3);
  });
});

describe('background palette', () => {
  const brands = [
    { primaryColor: '#3B82F6', secondaryColor: '#1E40AF' },
    { primaryColor: '#FDE047', secondaryColor: '#FACC15' }, // light yellows: dark text
    { primaryColor: '#22C55E', secondaryColor: '#0F172A' }, // a gradient from mid green to near black
    { primaryColor: '#ffffff', secondaryColor: '#000000' },
    { primaryColor: '#F59E0B', secondaryColor: '#EF4444' }, // mid tones that pass with neither text colour as they are
    { primaryColor: null, secondaryColor: 'not a colour' },
  ];
  it.each(brands)('keeps text at 4.5:1 or better on every surface for %o', (brand) => {
    const palette = backgroundPalette(brand);
    expect(contrastRatio(palette.panel, palette.panelInk)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    for (const stop of palette.gradient) expect(contrastRatio(stop, palette.gradientInk)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    for (const stop of palette.soft) expect(contrastRatio(stop, palette.softInk)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('keeps a brand colour as it is when the text already reads on it', () => {
    expect(backgroundPalette({ primaryColor: '#1E40AF', secondaryColor: '#1E3A8A' }).panel.toLowerCase()).toBe('#1e40af');
  });
});
