// The Employee Profile dialog's writes: save (PUT), delete (DELETE), Create Business Card (POST …/card) and
// Send Invite (POST …/invitation). Each refetches the dashboard: counters, tabs and the monthly cost may change.
import { employeeSchema, type Employee, type EmployeeUpdate } from '@shared/schemas/employee';
import { invitationReceiptSchema, type InvitationReceipt } from '@shared/schemas/invitation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys } from './get-dashboard';

const employeePath = (businessId: string, employeeId: string) => `/api/businesses/${encodeURIComponent(businessId)}/employees/${encodeURIComponent(employeeId)}`;

function useDashboardMutation<TVariables, TResult>(businessId: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId) }) });
}

export function useUpdateEmployee(businessId: string) {
  return useDashboardMutation(businessId, ({ employeeId, input }: { employeeId: string; input: EmployeeUpdate }): Promise<Employee> =>
    apiRequest(employeePath(businessId, employeeId), { method: 'PUT', body: input, schema: employeeSchema }),
  );
}

export function useDeleteEmployee(businessId: string) {
  return useDashboardMutation(businessId, (employeeId: string) => apiRequest(employeePath(businessId, employeeId), { method: 'DELETE' }));
}

export function useCreateCard(businessId: string) {
  return useDashboardMutation(businessId, (employeeId: string): Promise<Employee> =>
    apiRequest(`${employeePath(businessId, employeeId)}/card`, { method: 'POST', body: {}, schema: employeeSchema }),
  );
}

export function useSendInvitation(businessId: string) {
  return useMutation({
    mutationFn: (employeeId: string): Promise<InvitationReceipt> =>
      apiRequest(`${employeePath(businessId, employeeId)}/invitation`, { method: 'POST', body: {}, schema: invitationReceiptSchema }),
  });
}
