// 'Add to Apple Wallet' (issue 22 §1), in the employee portal and the owner's Employee Profile dialog, shown only where
// this deployment signs passes (config.json wallets.apple). The click asks for a short-lived link and then navigates
// to it: a plain navigation to an application/vnd.apple.pkpass answer is what makes Safari on iOS hand the pass to
// Wallet (a fetch and a blob URL does not, reliably); other browsers download the .pkpass.
import { appleWalletMessages } from '@shared/messages/apple-wallet';
import { Wallet } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { Button, type ButtonProps } from '@web/components/button';
import { useCreateApplePassLink } from '../api/create-apple-pass-link';

export function AddToAppleWalletButton({ cardId, size }: { cardId: string; size?: ButtonProps['size'] }) {
  const createLink = useCreateApplePassLink();
  return (
    <Button
      variant="outline"
      size={size}
      disabled={createLink.isPending}
      onClick={async () => {
        try {
          const { downloadUrl } = await createLink.mutateAsync(cardId);
          window.location.assign(downloadUrl);
        } catch {
          toast.error('Error', { description: appleWalletMessages.addFailed });
        }
      }}
    >
      <Wallet aria-hidden />
      Add to Apple Wallet
    </Button>
  );
}
