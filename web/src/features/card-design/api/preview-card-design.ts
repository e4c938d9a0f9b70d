// POST /api/businesses/{businessId}/card-design/preview: the card page's HTML for a design not yet saved, with one
// real employee of the business (the server renders it with the card page's own template, so it matches what is served).
import type { CardDesign } from '@shared/schemas/card-design';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiText } from '@web/lib/api-client';

export const cardDesignPreviewKeys = {
  all: ['card-design-preview'] as const,
  of: (businessId: string, employeeId: string, design: CardDesign) =>
    ['card-design-preview', businessId, employeeId, design] as const,
};

export function previewCardDesign(
  businessId: string,
  employeeId: string,
  design: CardDesign,
  signal?: AbortSignal,
): Promise<string> {
  return apiText(`/api/businesses/${encodeURIComponent(businessId)}/card-design/preview`, 'text/html', {
    method: 'POST',
    body: { design, employeeId },
    signal,
  });
}

/** The preview of `design` (null while the form's design is not valid); the last one stays on screen while the next loads. */
export function useCardDesignPreview(businessId: string, employeeId: string | null, design: CardDesign | null) {
  return useQuery({
    queryKey: cardDesignPreviewKeys.of(businessId, employeeId ?? '', design!),
    queryFn: ({ signal }) => previewCardDesign(businessId, employeeId!, design!, signal),
    enabled: employeeId !== null && design !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
