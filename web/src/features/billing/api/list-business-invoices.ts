// GET /api/businesses/{businessId}/invoices: the business's invoices, newest first (issue 27 §2).
import { invoiceSchema } from '@shared/schemas/invoice';
import * as z from '@shared/zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const businessInvoiceKeys = { list: (businessId: string) => ['business', businessId, 'invoices'] as const };

export function useBusinessInvoices(businessId: string) {
  return useQuery({
    queryKey: businessInvoiceKeys.list(businessId),
    queryFn: ({ signal }) => apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/invoices`, { schema: z.array(invoiceSchema), signal }),
  });
}
