// PUT /api/agency: Agency Settings (the agency is created on its first save).
import { agencySchema, type AgencySettings } from '@shared/schemas/agency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { agencyKeys } from './get-agency-dashboard';

export function useSaveAgencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AgencySettings) => apiRequest('/api/agency', { method: 'PUT', body: settings, schema: agencySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.dashboard }),
  });
}
