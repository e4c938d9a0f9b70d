// Billing runs (issue 20 §3): Generate monthly invoices starts one; the recent runs, polled every 2 s while one runs.
import { billingRunListSchema, billingRunSchema } from '@shared/schemas/billing-run';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const billingRunKeys = { all: ['admin', 'billing-runs'] as const };

/** How often the runs are read again while one has not finished. */
export const RUN_POLL_MS = 2000;

/** The runs' query, also requested at boot with the Billing tab (app/page-data.ts). */
export const billingRunsQuery = {
  queryKey: billingRunKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest('/api/admin/billing-runs', { schema: billingRunListSchema, signal }),
};

export function useBillingRuns() {
  return useQuery({
    ...billingRunsQuery,
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status !== 'finished') ? RUN_POLL_MS : false),
  });
}

export function useGenerateMonthlyInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/admin/invoices/monthly', { method: 'POST', schema: billingRunSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingRunKeys.all }),
  });
}
