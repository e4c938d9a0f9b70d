// QR codes made on our side with the `qrcode` package (no external service): PNG and SVG, 300×300,
// error correction H so a logo in the centre still scans.
import QRCode from 'qrcode';

export const QR_SIZE = 300;

export async function renderQr(text: string): Promise<{ png: Buffer; svg: string }> {
  const options = { errorCorrectionLevel: 'H' as const, margin: 2, width: QR_SIZE };
  const [png, svg] = await Promise.all([QRCode.toBuffer(text, { ...options, type: 'png' }), QRCode.toString(text, { ...options, type: 'svg' })]);
  return { png, svg };
}
