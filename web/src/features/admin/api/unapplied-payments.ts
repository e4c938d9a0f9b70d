// The Billing tab's unapplied payments (issue 26 §1): what Stripe took that no invoice could take, and Refund.
import { unappliedPaymentPageSchema, unappliedPaymentSchema } from '@shared/schemas/unapplied-payment';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const unappliedPaymentKeys = { all: ['admin', 'unapplied-payments'] as const };

export function useUnappliedPayments() {
  return useInfiniteQuery({
    queryKey: unappliedPaymentKeys.all,
    queryFn: ({ pageParam, signal }) => apiRequest('/api/admin/unapplied-payments', { query: { cursor: pageParam }, schema: unappliedPaymentPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((p) => p.payments),
  });
}

export function useRefundUnappliedPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stripeSessionId: string) => apiRequest(`/api/admin/unapplied-payments/${encodeURIComponent(stripeSessionId)}/refund`, { method: 'POST', schema: unappliedPaymentSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unappliedPaymentKeys.all }),
  });
}
