// POST /api/cards/{cardId}/apple-wallet-pass: a 5-minute link to the card's signed .pkpass (issue 22 §1).
import { applePassLinkSchema, type ApplePassLink } from '@shared/schemas/apple-wallet';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function useCreateApplePassLink() {
  return useMutation({
    mutationFn: (cardId: string): Promise<ApplePassLink> =>
      apiRequest(`/api/cards/${encodeURIComponent(cardId)}/apple-wallet-pass`, { method: 'POST', body: {}, schema: applePassLinkSchema }),
  });
}
