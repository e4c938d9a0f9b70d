// PUT /api/admin/businesses/{id}/status (the Active/Inactive toggle) and the cascade delete.
import { adminBusinessRowSchema, businessDeletedSchema } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys } from './list-businesses';

export function useSetBusinessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, isActive }: { businessId: string; isActive: boolean }) =>
      apiRequest(`/api/admin/businesses/${encodeURIComponent(businessId)}/status`, {
        method: 'PUT',
        body: { isActive },
        schema: adminBusinessRowSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses }),
  });
}

/** DELETE /api/admin/businesses/{id}: the cascade delete. */
export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (businessId: string) =>
      apiRequest(`/api/admin/businesses/${encodeURIComponent(businessId)}`, {
        method: 'DELETE',
        schema: businessDeletedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses }),
  });
}
