// GET and PUT /api/me/employee: the signed-in employee's own record (with card and business look) and its save;
// POST …/cards/{cardId}/qr for the portal's 'Generate QR Code'.
import { cardSchema, employeeSchema, myEmployeeSchema, type Card, type Employee, type EmployeeProfile, type MyEmployee } from '@shared/schemas/employee';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const myEmployeeKey = ['me', 'employee'] as const;

export function getMyEmployee(signal?: AbortSignal): Promise<MyEmployee> {
  return apiRequest('/api/me/employee', { schema: myEmployeeSchema, signal });
}

/** The portal's query: its hook, and its prefetch at boot (app/page-data.ts). */
export const myEmployeeQuery = queryOptions({ queryKey: myEmployeeKey, queryFn: ({ signal }) => getMyEmployee(signal) });

export function useMyEmployee() {
  return useQuery(myEmployeeQuery);
}

/** Keeps the cached portal data in step with what a mutation answered. */
function useSetEmployee() {
  const queryClient = useQueryClient();
  return (update: (employee: Employee) => Employee) =>
    queryClient.setQueryData<MyEmployee>(myEmployeeKey, (data) => (data ? { ...data, employee: update(data.employee) } : data));
}

export function useUpdateMyEmployee() {
  const setEmployee = useSetEmployee();
  return useMutation({
    mutationFn: (profile: EmployeeProfile) => apiRequest('/api/me/employee', { method: 'PUT', body: profile, schema: employeeSchema }),
    onSuccess: (employee) => setEmployee(() => employee),
  });
}

export function useGenerateMyCardQr() {
  const setEmployee = useSetEmployee();
  return useMutation({
    mutationFn: ({ businessId, cardId }: { businessId: string; cardId: string }): Promise<Card> =>
      apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/cards/${encodeURIComponent(cardId)}/qr`, { method: 'POST', body: {}, schema: cardSchema }),
    onSuccess: (card) => setEmployee((employee) => ({ ...employee, card })),
  });
}
