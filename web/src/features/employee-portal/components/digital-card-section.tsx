// 'Your Digital Business Card' (spec 1 §2): active or pending activation; with a QR code its image, the scan count,
// Add to Google Wallet and Add to Apple Wallet (where this deployment issues them) and Download Business Card; without one, Generate QR Code; without a card, the spec's note.
import { portalMessages } from '@shared/messages/portal';
import { pluralize } from '@shared/format';
import type { Employee } from '@shared/schemas/employee';
import { ExternalLink, QrCode, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { getConfig } from '@web/lib/config';
import { AddToAppleWalletButton } from '@web/features/apple-wallet/components/add-to-apple-wallet-button';
import { useCreateWalletPass } from '../api/create-wallet-pass';
import { useGenerateMyCardQr } from '../api/my-employee';

interface Props {
  employee: Employee;
  /** The 'Download Business Card' control for a card with a QR code. */
  downloadButton?: ReactNode;
}

export function DigitalCardSection({ employee, downloadButton }: Props) {
  const card = employee.card;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Your Digital Business Card
        </CardTitle>
        {card && <CardDescription>{card.isActive ? 'Your digital business card is active' : 'Your digital business card is pending activation'}</CardDescription>}
      </CardHeader>
      <CardContent>
        {!card ? (
          <p className="text-muted-foreground">
            <span className="font-medium text-foreground">No business card yet</span> - Your business card will be created automatically by your company
            administrator.
          </p>
        ) : card.qrCodeUrl ? (
          <div className="grid justify-items-center gap-4 text-center">
            <img src={card.qrCodeUrl} alt={`QR code for ${employee.name}'s business card`} width={200} height={200} className="size-48 rounded-lg border bg-white p-2" />
            <Badge variant="secondary">{pluralize(card.scanCount, 'scan')}</Badge>
            <div className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
              {getConfig().wallets.google && <AddToWalletButton cardId={card.id} />}
              {getConfig().wallets.apple && card.isActive && <AddToAppleWalletButton cardId={card.id} />}
              {downloadButton}
              <Button asChild variant="outline">
                <a href={card.cardUrl} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden />
                  View Card
                </a>
              </Button>
            </div>
          </div>
        ) : (
          <GenerateQr businessId={employee.businessId} cardId={card.id} />
        )}
      </CardContent>
    </Card>
  );
}

function GenerateQr({ businessId, cardId }: { businessId: string; cardId: string }) {
  const generate = useGenerateMyCardQr();
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center">
      <QrCode aria-hidden className="size-10 text-muted-foreground" />
      <p className="text-muted-foreground">QR code not yet generated</p>
      <Button
        disabled={generate.isPending}
        onClick={() =>
          generate.mutate(
            { businessId, cardId },
            {
              onSuccess: () => toast.success(portalMessages.qrGenerated),
              onError: (error) => toast.error('Error', { description: portalMessages.qrFailed(error.message) }),
            },
          )
        }
      >
        {generate.isPending && <Spinner label="Generating QR code…" className="[&_svg]:size-4 [&_svg]:text-current" />}
        Generate QR Code
      </Button>
    </div>
  );
}

/** Opens Google's save page in a new tab. The tab is opened on the click itself, so no pop-up blocker stops it. */
export function AddToWalletButton({ cardId }: { cardId: string }) {
  const createPass = useCreateWalletPass();
  return (
    <Button
      variant="outline"
      disabled={createPass.isPending}
      onClick={() => {
        const tab = window.open('about:blank', '_blank');
        if (tab) tab.opener = null;
        createPass.mutate(cardId, {
          onSuccess: ({ saveUrl }) => {
            if (tab) tab.location.href = saveUrl;
            else window.location.assign(saveUrl);
          },
          onError: (error) => {
            tab?.close();
            // 503: no Wallet issuer is configured; anything else failed on the way.
            toast.error('Error', { description: isApiError(error) && error.status === 503 ? portalMessages.walletPassFailed : portalMessages.walletAddFailed });
          },
        });
      }}
    >
      <Wallet aria-hidden />
      Add to Google Wallet
    </Button>
  );
}
