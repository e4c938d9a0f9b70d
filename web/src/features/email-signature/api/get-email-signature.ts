// GET /api/cards/{cardId}/email-signature: what the signature builder needs for a card (issue 22 §3). `version` is part
// of the key, so a profile saved in the portal fetches the card's new copy at once.
import { emailSignatureSchema, type EmailSignatureData } from '@shared/schemas/email-signature';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const emailSignatureKeys = {
  all: ['email-signature'] as const,
  card: (cardId: string, version: string) => ['email-signature', cardId, version] as const,
};

export function useEmailSignature(cardId: string, version: string) {
  return useQuery({
    queryKey: emailSignatureKeys.card(cardId, version),
    queryFn: ({ signal }): Promise<EmailSignatureData> =>
      apiRequest(`/api/cards/${encodeURIComponent(cardId)}/email-signature`, { schema: emailSignatureSchema, signal }),
    // Company Settings may have changed the fields or the disclaimer since: every mount asks again.
    staleTime: 0,
  });
}
