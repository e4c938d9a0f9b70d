// Where everything goes on a 1920×1080 video-call background (issue 22 §4), per layout: pure numbers, no canvas, so
// the rules are unit-tested — the QR code is large enough to scan from a video frame, has a 4-module quiet zone on a
// white tile, stays out of the centre third (where the speaker's head and shoulders are) and in the upper part of the
// frame (lower corners hold the apps' name labels), and no text overlaps it. Also the brand colours made readable.
import { DEFAULT_BRAND_COLORS, contrastRatio, hexToHsl, hslToHex, isHexColor, LIGHT_TEXT, readableTextOn, readableTextOnAll, type BrandColors } from '@shared/colour';

export const BACKGROUND_WIDTH = 1920;
export const BACKGROUND_HEIGHT = 1080;
/** The QR code's own square (modules, without the quiet zone) is at least this many pixels (decisions.md). */
export const MIN_QR_CODE_PX = 300;
/** Light modules around the code, as the QR standard asks. */
export const QR_QUIET_MODULES = 4;
/** Keeps clear of the frame's edge: apps crop a little when the video's aspect is not 16:9. */
export const EDGE_MARGIN = 96;
/** Text on the background keeps at least this WCAG contrast (large text would pass at 3). */
export const MIN_TEXT_CONTRAST = 4.5;

export const backgroundLayoutIds = ['brandPanel', 'rightCorner', 'minimal'] as const;
export type BackgroundLayoutId = (typeof backgroundLayoutIds)[number];

export const backgroundLayoutLabels: Record<BackgroundLayoutId, string> = {
  brandPanel: 'Brand panel left',
  rightCorner: 'Right corner',
  minimal: 'Minimal',
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One line of text: its box (the font never grows past `height`), start/end alignment inside it, and weight. */
export interface TextSlot extends Box {
  align: 'left' | 'right' | 'center';
  weight: 400 | 600 | 700;
}

export interface QrPlacement {
  /** The white tile: the code plus its quiet zone. */
  tile: Box;
  /** The code's modules (the version's size × `modulePx`), inside the tile. */
  code: Box;
  modulePx: number;
}

export interface BackgroundLayout {
  id: BackgroundLayoutId;
  /** How the frame is painted: a brand panel at the left on a soft field, a full brand gradient, or a soft tint. */
  fill: 'panel' | 'gradient' | 'soft';
  panel: Box | null;
  qr: QrPlacement;
  logo: Box;
  /** Without a logo the company name is written here, in the logo's place, instead of in `text.company`. */
  logoText: TextSlot;
  text: { name: TextSlot; title: TextSlot; company: TextSlot; caption: TextSlot };
}

/**
 * The QR code of `moduleCount` modules (its version's size, no quiet zone) in whole pixels per module: as large as
 * `tileTarget` allows with the quiet zone, and never smaller than MIN_QR_CODE_PX. Whole pixels keep every module sharp.
 */
export function qrPlacement(moduleCount: number, tileTarget: number, anchor: { x: number; y: number; from: 'left' | 'right' | 'center' }): QrPlacement {
  const modulePx = Math.max(Math.ceil(MIN_QR_CODE_PX / moduleCount), Math.floor(tileTarget / (moduleCount + 2 * QR_QUIET_MODULES)));
  const size = modulePx * (moduleCount + 2 * QR_QUIET_MODULES);
  const x = anchor.from === 'left' ? anchor.x : anchor.from === 'right' ? anchor.x - size : Math.round(anchor.x - size / 2);
  const quiet = QR_QUIET_MODULES * modulePx;
  return {
    tile: { x, y: anchor.y, width: size, height: size },
    code: { x: x + quiet, y: anchor.y + quiet, width: moduleCount * modulePx, height: moduleCount * modulePx },
    modulePx,
  };
}

/** The layout for a QR code of `moduleCount` modules (uqr's size minus its own border). */
export function backgroundLayout(id: BackgroundLayoutId, moduleCount: number): BackgroundLayout {
  const W = BACKGROUND_WIDTH;
  const top = 88;
  switch (id) {
    case 'brandPanel': {
      // A brand-colour panel over the left 600 px (under the left third): logo, QR code, then who it is.
      const panel = { x: 0, y: 0, width: 600, height: BACKGROUND_HEIGHT };
      const inner = 72;
      const textWidth = panel.width - 2 * inner;
      const qr = qrPlacement(moduleCount, 420, { x: panel.width / 2, y: 196, from: 'center' });
      const below = qr.tile.y + qr.tile.height;
      return {
        id,
        fill: 'panel',
        panel,
        qr,
        logo: { x: inner, y: 64, width: textWidth, height: 100 },
        logoText: { x: inner, y: 90, width: textWidth, height: 48, align: 'left', weight: 700 },
        text: {
          caption: { x: inner, y: below + 16, width: textWidth, height: 30, align: 'center', weight: 400 },
          name: { x: inner, y: below + 92, width: textWidth, height: 64, align: 'left', weight: 700 },
          title: { x: inner, y: below + 172, width: textWidth, height: 40, align: 'left', weight: 400 },
          company: { x: inner, y: below + 226, width: textWidth, height: 34, align: 'left', weight: 600 },
        },
      };
    }
    case 'rightCorner': {
      // The code in the top right corner, the person right-aligned under it; the logo and company top left.
      const right = W - EDGE_MARGIN;
      const qr = qrPlacement(moduleCount, 420, { x: right, y: top, from: 'right' });
      const below = qr.tile.y + qr.tile.height;
      const textX = 1320;
      const textWidth = right - textX;
      return {
        id,
        fill: 'gradient',
        panel: null,
        qr,
        logo: { x: EDGE_MARGIN, y: top, width: 320, height: 120 },
        logoText: { x: EDGE_MARGIN, y: top + 36, width: 480, height: 48, align: 'left', weight: 700 },
        text: {
          company: { x: EDGE_MARGIN, y: top + 144, width: 480, height: 40, align: 'left', weight: 600 },
          caption: { x: textX, y: below + 16, width: textWidth, height: 30, align: 'right', weight: 400 },
          name: { x: textX, y: below + 76, width: textWidth, height: 60, align: 'right', weight: 700 },
          title: { x: textX, y: below + 152, width: textWidth, height: 38, align: 'right', weight: 400 },
        },
      };
    }
    case 'minimal': {
      // A soft tint of the brand colour; the code top right, a small logo and the person top left.
      const right = W - EDGE_MARGIN;
      const qr = qrPlacement(moduleCount, 400, { x: right, y: top, from: 'right' });
      const textWidth = 500;
      return {
        id,
        fill: 'soft',
        panel: null,
        qr,
        logo: { x: EDGE_MARGIN, y: top, width: 240, height: 88 },
        logoText: { x: EDGE_MARGIN, y: top + 24, width: textWidth, height: 40, align: 'left', weight: 700 },
        text: {
          name: { x: EDGE_MARGIN, y: top + 120, width: textWidth, height: 52, align: 'left', weight: 700 },
          title: { x: EDGE_MARGIN, y: top + 188, width: textWidth, height: 34, align: 'left', weight: 400 },
          company: { x: EDGE_MARGIN, y: top + 236, width: textWidth, height: 30, align: 'left', weight: 600 },
          caption: { x: qr.tile.x, y: qr.tile.y + qr.tile.height + 16, width: qr.tile.width, height: 28, align: 'center', weight: 400 },
        },
      };
    }
  }
}

/** The colours a layout paints with, each with the text colour that reads on it at MIN_TEXT_CONTRAST or better. */
export interface BackgroundPalette {
  /** Brand panel (brandPanel) and its text. */
  panel: string;
  panelInk: string;
  /** The two stops of the full-frame gradient (rightCorner) and the text on it. */
  gradient: [string, string];
  gradientInk: string;
  /** The soft tint (minimal, and the field beside the panel) and the text on it. */
  soft: [string, string];
  softInk: string;
}

const brandOr = (value: string | null | undefined, fallback: string) => (isHexColor(value) ? value : fallback);

/**
 * Moves `hex` darker (for white text) or lighter (for dark text) one lightness step at a time until `ink` reads on it
 * at MIN_TEXT_CONTRAST: the brand hue stays, only a too-light or too-dark shade moves.
 */
export function readableShade(hex: string, ink: string): string {
  const hsl = hexToHsl(hex);
  const step = ink === LIGHT_TEXT ? -4 : 4;
  let shade = hex;
  for (let l = hsl.l; contrastRatio(shade, ink) < MIN_TEXT_CONTRAST && (step < 0 ? l > 0 : l < 100); ) {
    l = Math.max(0, Math.min(100, l + step));
    shade = hslToHex({ ...hsl, l });
  }
  return shade;
}

export function backgroundPalette(colors: BrandColors): BackgroundPalette {
  const primary = brandOr(colors.primaryColor, DEFAULT_BRAND_COLORS.primaryColor);
  const secondary = brandOr(colors.secondaryColor, DEFAULT_BRAND_COLORS.secondaryColor);
  const panelInk = readableTextOn(primary);
  const gradientInk = readableTextOnAll([primary, secondary]);
  const { h, s } = hexToHsl(primary);
  const soft: [string, string] = [hslToHex({ h, s: Math.min(s, 60), l: 95 }), hslToHex({ h, s: Math.min(s, 40), l: 88 })];
  return {
    panel: readableShade(primary, panelInk),
    panelInk,
    gradient: [readableShade(primary, gradientInk), readableShade(secondary, gradientInk)],
    gradientInk,
    soft,
    softInk: readableTextOnAll(soft),
  };
}
