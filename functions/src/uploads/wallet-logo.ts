// Google Wallet's logo for a business (its pass design guidelines: a square PNG of at least 660×660 px, shown masked to
// a circle): the uploaded logo, upright, scaled so its whole box sits inside that circle with a margin, on white.
// Made from the upload itself (not the 256 px rendition) so it is sharp at Google's size; stored beside the renditions
// as wallet.png (functions/src/adapters/media-keys.ts).
import { loadSharp } from '../adapters/sharp';

export const WALLET_LOGO_SIZE = 660;
/** The logo's box corners stay within this share of the circle's radius: nothing is cut by the mask. */
const SAFE_SHARE = 0.9;

/** The largest size of a `width`×`height` box whose corners lie within SAFE_SHARE of the circle's radius. */
export function walletLogoFit(width: number, height: number): { width: number; height: number } {
  const radius = (WALLET_LOGO_SIZE / 2) * SAFE_SHARE;
  const scale = radius / Math.hypot(width / 2, height / 2);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

export async function walletLogoPng(image: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  const upright = await sharp(image, { failOn: 'truncated', animated: false }).rotate().png().toBuffer({ resolveWithObject: true });
  const fit = walletLogoFit(upright.info.width, upright.info.height);
  const logo = await sharp(upright.data).resize(fit.width, fit.height, { fit: 'fill' }).png().toBuffer();
  return sharp({ create: { width: WALLET_LOGO_SIZE, height: WALLET_LOGO_SIZE, channels: 3, background: '#ffffff' } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
