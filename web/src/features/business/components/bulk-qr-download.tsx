// 'Download QR Codes' (issue 8 §5): every card's QR code as a 300×300 PNG with the business logo in the centre,
// error correction H so the covered centre still decodes, in one ZIP named after the business.
import type { Business } from '@shared/schemas/business';
import { renditionUrl } from '@shared/media-urls';
import { qrTargetOf } from '@shared/urls';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { canvasToPng, download, loadImage, qrCanvas, slug } from '@web/features/card-image/draw';
import { getDashboard } from '../api/get-dashboard';

const QR_SIZE = 300;
/** The logo covers at most this share of the code's width: well inside what level H (30 %) can restore. */
const LOGO_SHARE = 0.2;

async function qrPng(cardUrl: string, logo: HTMLImageElement | null): Promise<Uint8Array> {
  const canvas = await qrCanvas(qrTargetOf(cardUrl), QR_SIZE, 'H');
  if (logo) {
    const context = canvas.getContext('2d')!;
    const box = QR_SIZE * LOGO_SHARE;
    const scale = Math.min(box / logo.width, box / logo.height);
    const [w, h] = [logo.width * scale, logo.height * scale];
    const pad = 6;
    context.fillStyle = '#ffffff';
    context.fillRect((QR_SIZE - w) / 2 - pad, (QR_SIZE - h) / 2 - pad, w + 2 * pad, h + 2 * pad);
    context.drawImage(logo, (QR_SIZE - w) / 2, (QR_SIZE - h) / 2, w, h);
  }
  return new Uint8Array(await (await canvasToPng(canvas)).arrayBuffer());
}

export function BulkQrDownloadButton({ businessId, business }: { businessId: string; business: Pick<Business, 'name' | 'logoUrl'> }) {
  const [progress, setProgress] = useState<string | null>(null);
  async function run() {
    setProgress('Preparing…');
    try {
      // fflate builds its tables when loaded: only when a download is asked for, not with the dashboard.
      const zipping = import('fflate');
      const logo = await loadImage(business.logoUrl ? renditionUrl(business.logoUrl, 128) : null);
      const files: Record<string, Uint8Array> = {};
      const used = new Set<string>();
      let cursor: string | undefined;
      do {
        const page = await getDashboard(businessId, cursor);
        for (const employee of page.employees) {
          if (!employee.card) continue;
          let name = slug(employee.name);
          for (let n = 2; used.has(name); n++) name = `${slug(employee.name)}-${n}`;
          used.add(name);
          files[`${name}.png`] = await qrPng(employee.card.cardUrl, logo);
          setProgress(`${used.size} QR codes…`);
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      if (used.size === 0) {
        toast.info('There are no business cards to download yet.');
        return;
      }
      const { zipSync } = await zipping;
      download(new Blob([zipSync(files, { level: 0 })], { type: 'application/zip' }), `${slug(business.name)}-qr-codes.zip`);
      toast.success(`Downloaded ${used.size} QR codes`);
    } catch (error) {
      console.error(error);
      toast.error('Error', { description: 'The QR codes could not be downloaded. Please try again.' });
    } finally {
      setProgress(null);
    }
  }
  return (
    <Button variant="outline" size="sm" disabled={progress !== null} onClick={() => void run()}>
      <QrCode aria-hidden />
      {progress ?? 'Download QR Codes'}
    </Button>
  );
}
