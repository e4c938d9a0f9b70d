// PUT /api/businesses/{id}/white-label: white-label for one client (issue 21 §1) — follow the agency's switch, on or off.
import { clientWhiteLabelSchema, type ClientWhiteLabel } from '@shared/schemas/agency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { agencyKeys } from './get-agency-dashboard';

export function useSetClientWhiteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, whiteLabel }: { businessId: string; whiteLabel: ClientWhiteLabel }) =>
      apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/white-label`, { method: 'PUT', body: { whiteLabel }, schema: clientWhiteLabelSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.dashboard }),
  });
}
