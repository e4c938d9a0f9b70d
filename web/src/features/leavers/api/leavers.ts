// Leavers (issue 23 §2): the deactivate dialog's facts (GET …/leaving), Deactivate and Reactivate. Both writes refetch
// the dashboard (counters, status) and the business's contacts (the leads moved).
import { leaverResultSchema, leavingPreviewSchema, type DeactivateEmployee, type LeaverResult, type LeavingPreview } from '@shared/schemas/leavers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
