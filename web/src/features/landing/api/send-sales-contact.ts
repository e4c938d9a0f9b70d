// POST /api/public/sales-contact: the 'Contact Our Sales Team' request (no sign-in; rate-limited per client).
import { salesContactReceiptSchema, type SalesContact, type SalesContactReceipt } from '@shared/schemas/sales-contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function sendSalesContact(input: SalesContact): Promise<SalesContactReceipt> {
  return apiRequest('/api/public/sales-contact', { method: 'POST', body: input, auth: false, schema: salesContactReceiptSchema });
}

export function useSendSalesContact() {
  return useMutation({ mutationFn: sendSalesContact });
}
