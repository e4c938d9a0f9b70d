// POST /api/cards/{cardId}/wallet-pass: a signed 'Save to Google Wallet' link for the card (503 when not configured).
import { walletPassSchema, type WalletPass } from '@shared/schemas/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function useCreateWalletPass() {
  return useMutation({
    mutationFn: (cardId: string): Promise<WalletPass> =>
      apiRequest(`/api/cards/${encodeURIComponent(cardId)}/wallet-pass`, { method: 'POST', body: {}, schema: walletPassSchema }),
  });
}
