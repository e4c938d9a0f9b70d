// GET /api/public/invoices/{invoiceId}: what the payment page shows (public; the unguessable id is the credential).
import { invoicePaymentViewSchema } from '@shared/schemas/invoice';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const invoicePaymentKeys = { detail: (invoiceId: string) => ['invoice-payment', invoiceId] as const };

export function useInvoicePayment(invoiceId: string) {
  return useQuery({
    queryKey: invoicePaymentKeys.detail(invoiceId),
    queryFn: ({ signal }) => apiRequest(`/api/public/invoices/${encodeURIComponent(invoiceId)}`, { schema: invoicePaymentViewSchema, auth: false, signal }),
    retry: false,
  });
}
