// Leavers (issue 23 §2): the deactivate dialog's facts (GET …/leaving), Deactivate and Reactivate. Both writes refetch
// the dashboard (counters, status) and the business's contacts (the leads moved). The pickers' people search and
// Company Settings' leaver defaults (issue 39).
import {
  leaverDefaultsSchema,
  leaverResultSchema,
  leavingPreviewSchema,
  peopleSearchSchema,
  type DeactivateEmployee,
  type LeaverDefaults,
  type LeaverDefaultsInput,
  type LeaverResult,
  type LeavingPreview,
  type PeopleSearch,
} from '@shared/schemas/leavers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys } from '@web/features/business/api/get-dashboard';

const employeePath = (businessId: string, employeeId: string) => `/api/businesses/${encodeURIComponent(businessId)}/employees/${encodeURIComponent(employeeId)}`;

export function useLeavingPreview(businessId: string, employeeId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['business', businessId, 'leaving', employeeId] as const,
    queryFn: ({ signal }): Promise<LeavingPreview> => apiRequest(`${employeePath(businessId, employeeId)}/leaving`, { schema: leavingPreviewSchema, signal }),
    enabled,
    // What will happen is shown as it is now, every time the dialog opens.
    staleTime: 0,
  });
}

function useRefetchAfter(businessId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId) }),
      queryClient.invalidateQueries({ queryKey: ['business', businessId, 'contacts'] }),
      queryClient.invalidateQueries({ queryKey: ['business', businessId, 'leaving'] }),
    ]);
}

export function useDeactivateEmployee(businessId: string) {
  const refetch = useRefetchAfter(businessId);
  return useMutation({
    mutationFn: ({ employeeId, options }: { employeeId: string; options: DeactivateEmployee }): Promise<LeaverResult> =>
      apiRequest(`${employeePath(businessId, employeeId)}/deactivate`, { method: 'POST', body: options, schema: leaverResultSchema }),
    onSuccess: refetch,
  });
}

export function useReactivateEmployee(businessId: string) {
  const refetch = useRefetchAfter(businessId);
  return useMutation({
    mutationFn: (employeeId: string): Promise<LeaverResult> => apiRequest(`${employeePath(businessId, employeeId)}/reactivate`, { method: 'POST', body: {}, schema: leaverResultSchema }),
    onSuccess: refetch,
  });
}

const businessPath = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}`;

/** Active people of the business matching `q` (at most 20, by name); `exclude` leaves the leaver out. */
export function useSearchPeople(businessId: string, q: string, options: { exclude?: string; withCard?: boolean }, enabled: boolean) {
  const { exclude, withCard } = options;
  return useQuery({
    queryKey: ['business', businessId, 'people', q, exclude ?? null, Boolean(withCard)] as const,
    queryFn: ({ signal }): Promise<PeopleSearch> =>
      apiRequest(`${businessPath(businessId)}/people`, { query: { q: q || undefined, exclude, withCard: withCard ? '1' : undefined }, schema: peopleSearchSchema, signal }),
    enabled,
    // The list stays while the next search runs, so it does not flicker with each keystroke.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const leaverDefaultsKeys = { detail: (businessId: string) => ['business', businessId, 'leaver-defaults'] as const };

export function useLeaverDefaults(businessId: string) {
  return useQuery({
    queryKey: leaverDefaultsKeys.detail(businessId),
    queryFn: ({ signal }): Promise<LeaverDefaults> => apiRequest(`${businessPath(businessId)}/leaver-defaults`, { schema: leaverDefaultsSchema, signal }),
  });
}

export function useSaveLeaverDefaults(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeaverDefaultsInput): Promise<LeaverDefaults> => apiRequest(`${businessPath(businessId)}/leaver-defaults`, { method: 'PUT', body: input, schema: leaverDefaultsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(leaverDefaultsKeys.detail(businessId), saved);
      return queryClient.invalidateQueries({ queryKey: ['business', businessId, 'leaving'] });
    },
  });
}
