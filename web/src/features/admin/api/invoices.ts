// The billing tab's calls: the invoice list, Create Invoice, status changes, Delete (billing runs: billing-runs.ts).
import { invoiceCreatedSchema, invoicePageSchema, invoiceSchema, type InvoiceCreateInput, type InvoiceStatus, type PayerType } from '@shared/schemas/invoice';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export interface InvoiceFilters {
  status: 'all' | InvoiceStatus;
  /** Who pays: a business, or an agency for its clients (issue 20 §1). */
  payer: 'all' | PayerType;
  q: string;
}

export const invoiceKeys = { all: ['admin', 'invoices'] as const, list: (filters: InvoiceFilters) => ['admin', 'invoices', filters] as const };

/** The tab's filters as it opens. */
export const initialInvoiceFilters: InvoiceFilters = { status: 'all', payer: 'all', q: '' };

/** The invoice list's query: the tab's hook, and its prefetch at boot (app/page-data.ts). */
export const invoicesQuery = (filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => apiRequest('/api/admin/invoices', { query: { status: filters.status, payer: filters.payer, q: filters.q || undefined, cursor: pageParam }, schema: invoicePageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useInvoices(filters: InvoiceFilters) {
  return useInfiniteQuery({
    ...invoicesQuery(filters),
    select: (data) => data.pages.flatMap((p) => p.invoices),
  });
}

function useInvoiceMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}

export const useCreateInvoice = () => useInvoiceMutation((input: InvoiceCreateInput) => apiRequest('/api/admin/invoices', { method: 'POST', body: input, schema: invoiceCreatedSchema }));

export const useSetInvoiceStatus = () =>
  useInvoiceMutation(({ invoiceId, status }: { invoiceId: string; status: 'paid' | 'overdue' | 'void' }) =>
    apiRequest(`/api/admin/invoices/${encodeURIComponent(invoiceId)}/status`, { method: 'PUT', body: { status }, schema: invoiceSchema }),
  );

export const useDeleteInvoice = () => useInvoiceMutation((invoiceId: string) => apiRequest(`/api/admin/invoices/${encodeURIComponent(invoiceId)}`, { method: 'DELETE' }));
