// 'Download Business Card' (portal) and 'Download Digital Card' (onboarding): the card image as a PNG file.
import { onboardingMessages } from '@shared/messages/onboarding';
import { portalMessages } from '@shared/messages/portal';
import type { Employee } from '@shared/schemas/employee';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { renderCardImage, type CardImageSize, type CardLook } from './card-image';
import { download, slug } from './draw';

export function DownloadCardButton({ employee, business, size, label }: { employee: Employee; business: CardLook; size: CardImageSize; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          download(await renderCardImage(employee, business, size), `${slug(employee.name)}-business-card.png`);
          toast.success(onboardingMessages.cardDownloaded);
        } catch (error) {
          console.error(error);
          toast.error('Error', { description: portalMessages.generateCardFailed });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden />
      {label}
    </Button>
  );
}
