// Directory sync (issue 23 §1): the business's SCIM tokens and settings, creating and revoking a token, the setting.
import { directorySyncSchema, scimTokenCreatedSchema, type DirectorySync, type DirectorySyncSettings, type ScimTokenCreated } from '@shared/schemas/directory-sync';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const directorySyncKeys = { business: (businessId: string) => ['directory-sync', businessId] as const };

const base = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}`;

export function useDirectorySync(businessId: string) {
  return useQuery({
    queryKey: directorySyncKeys.business(businessId),
    queryFn: ({ signal }): Promise<DirectorySync> => apiRequest(`${base(businessId)}/directory-sync`, { schema: directorySyncSchema, signal }),
  });
}

export function useCreateScimToken(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<ScimTokenCreated> => apiRequest(`${base(businessId)}/scim-tokens`, { method: 'POST', body: { name }, schema: scimTokenCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directorySyncKeys.business(businessId) }),
  });
}

export function useRevokeScimToken(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiRequest(`${base(businessId)}/scim-tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directorySyncKeys.business(businessId) }),
  });
}

export function useSaveDirectorySettings(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DirectorySyncSettings): Promise<DirectorySync> => apiRequest(`${base(businessId)}/directory-sync`, { method: 'PUT', body: settings, schema: directorySyncSchema }),
    onSuccess: (data) => queryClient.setQueryData(directorySyncKeys.business(businessId), data),
  });
}
