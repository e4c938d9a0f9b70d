// PUT /api/admin/businesses/{id}/status: the Active/Inactive toggle.
import { adminBusinessRowSchema } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys } from './list-businesses';

export function useSetBusinessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, isActive }: { businessId: string; isActive: boolean }) =>
      apiRequest(`/api/admin/businesses/${encodeURIComponent(businessId)}/status`, { method: 'PUT', body: { isActive }, schema: adminBusinessRowSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses }),
  });
}
