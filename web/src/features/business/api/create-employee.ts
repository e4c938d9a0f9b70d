// POST /api/businesses/{businessId}/employees: adds an employee; the answer includes the card and its QR code.
import { employeeSchema, type Employee, type EmployeeCreate } from '@shared/schemas/employee';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys } from './get-dashboard';

export function createEmployee(businessId: string, input: EmployeeCreate): Promise<Employee> {
  return apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/employees`, { method: 'POST', body: input, schema: employeeSchema });
}

export function useCreateEmployee(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmployeeCreate) => createEmployee(businessId, input),
    // The grid, the counters and the monthly cost all change: refetch the dashboard.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId) }),
  });
}
