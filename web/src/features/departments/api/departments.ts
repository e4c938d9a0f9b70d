// The business's departments (Company Settings → Departments, the dashboard's filter, the employee forms' choices):
// the list with counts, add, rename and delete. A rename moves employees, so it refetches the dashboard too.
import { departmentListSchema, type DepartmentInput, type DepartmentList } from '@shared/schemas/department';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys } from '@web/features/business/api/get-dashboard';

const departmentsPath = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}/departments`;

/** Under the dashboard's key: every employee write that refetches the dashboard refetches the counts too. */
export const departmentKeys = { list: (businessId: string) => [...dashboardKeys.detail(businessId), 'departments'] as const };

export function useDepartments(businessId: string, enabled = true) {
  return useQuery({
    queryKey: departmentKeys.list(businessId),
    queryFn: ({ signal }): Promise<DepartmentList> => apiRequest(departmentsPath(businessId), { schema: departmentListSchema, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** After a write: the list the server answered, and the dashboard (names and counts on it changed). */
function useAfterWrite(businessId: string) {
  const queryClient = useQueryClient();
  return (list?: DepartmentList) => {
    if (list) queryClient.setQueryData(departmentKeys.list(businessId), list);
    else void queryClient.invalidateQueries({ queryKey: departmentKeys.list(businessId) });
    // The dashboard itself (names on its cards changed), not the list just answered.
    return queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId), exact: Boolean(list) });
  };
}

export function useAddDepartment(businessId: string) {
  const after = useAfterWrite(businessId);
  return useMutation({
    mutationFn: (input: DepartmentInput): Promise<DepartmentList> => apiRequest(departmentsPath(businessId), { method: 'POST', body: input, schema: departmentListSchema }),
    onSuccess: after,
  });
}

export function useRenameDepartment(businessId: string) {
  const after = useAfterWrite(businessId);
  return useMutation({
    mutationFn: ({ departmentId, name }: { departmentId: string; name: string }): Promise<DepartmentList> =>
      apiRequest(`${departmentsPath(businessId)}/${encodeURIComponent(departmentId)}`, { method: 'PUT', body: { name }, schema: departmentListSchema }),
    onSuccess: after,
  });
}

export function useDeleteDepartment(businessId: string) {
  const after = useAfterWrite(businessId);
  return useMutation({
    mutationFn: (departmentId: string): Promise<void> => apiRequest(`${departmentsPath(businessId)}/${encodeURIComponent(departmentId)}`, { method: 'DELETE' }),
    onSuccess: () => after(),
  });
}
