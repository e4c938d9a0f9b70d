// GET /api/admin/users, POST /api/admin/users (Invite Admin), DELETE /api/admin/users/{id} (Remove Admin Access).
import { adminUserSchema } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from '@shared/zod';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys } from './list-businesses';

/** The tab's query: its hook, and its prefetch at boot (app/page-data.ts). */
export const adminUsersQuery = queryOptions({ queryKey: adminKeys.users, queryFn: ({ signal }) => apiRequest('/api/admin/users', { schema: z.array(adminUserSchema), signal }) });

export function useAdminUsers() {
  return useQuery(adminUsersQuery);
}

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest('/api/admin/users', { method: 'POST', body: { email }, schema: adminUserSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
