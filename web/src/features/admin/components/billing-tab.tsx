// The billing tab (spec 2 §2 'Billing & Invoices', §4, §8): invoices newest first with status and payer filters and a
// search, Create Invoice, Generate monthly invoices, and each row's actions for its status — Pay Now (Stripe Checkout in a
// new tab), Mark Paid, Mark Overdue, Void (with its warning), Delete (never for a paid invoice). Back from Stripe, the
// session is verified and the list reloaded; both address parameters are then removed. Below the invoices, payments that
// no invoice could take, to refund (unapplied-payments.tsx).
import { formatBillingPeriod, formatCount, formatLongDate, formatMoney } from '@shared/format';
import { messages } from '@shared/messages';
import { invoiceMessages } from '@shared/messages/invoice';
import { allowedInvoiceActions, invoiceStatuses, type Invoice } from '@shared/schemas/invoice';
import { CalendarPlus, FilePlus2 } from 'lucide-react';
import { useCallback, useDeferredValue, useState, type Dispatch, type SetStateAction } from 'react';
import { DataTable } from '@web/components/data-table';
import { toast } from '@web/lib/toast';
import { InvoiceStatusBadge, invoiceStatusLabel } from '@web/components/invoice-status-badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { useDebounced } from '@web/lib/use-debounced';
import { startCheckout } from '@web/lib/payments';
import { usePaymentReturn } from '@web/lib/use-payment-return';
import { useQueryClient } from '@tanstack/react-query';
import { useBillingRuns, useGenerateMonthlyInvoices } from '../api/billing-runs';
import { initialInvoiceFilters, invoiceKeys, useDeleteInvoice, useInvoices, useSetInvoiceStatus, type InvoiceFilters } from '../api/invoices';
import { BillingRuns, BillingRunsFrame } from './billing-runs';
import { CreateInvoiceDialog } from './create-invoice-dialog';
import { UnappliedPayments } from './unapplied-payments';


type Confirming = { kind: 'void' | 'delete'; invoice: Invoice } | null;

export function BillingTab() {
  const [filters, setFilters] = useState<InvoiceFilters>(initialInvoiceFilters);
  const invoices = useInvoices(useDebounced(filters));
  // The runs' card above the filters grows when its runs arrive: the filters and the list wait for them, so that
  // nothing on screen moves (issue 25 §1). All are drawn in a transition, in slices between the browser's other work.
  const runsPending = useBillingRuns().isPending;
  const drawing = useDeferredValue(runsPending);
  const generate = useGenerateMonthlyInvoices();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const queryClient = useQueryClient();
  usePaymentReturn(useCallback(() => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), [queryClient]));

  const onGenerate = async () => {
    try {
      const run = await generate.mutateAsync(undefined);
      toast.success(invoiceMessages.runStarted(formatBillingPeriod(run.period)));
    } catch {
      toast.error(messages.admin.errorTitle, { description: invoiceMessages.generateFailed });
    }
  };

  return (
    <section aria-labelledby="billing-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="billing-heading" className="text-xl font-semibold">
          Billing &amp; Invoices
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void onGenerate()} disabled={generate.isPending}>
            <CalendarPlus aria-hidden />
            {generate.isPending ? 'Starting...' : 'Generate monthly invoices'}
          </Button>
          <Button onClick={() => setCreating(true)}>
            <FilePlus2 aria-hidden />
            Create Invoice
          </Button>
        </div>
      </div>
      {runsPending || drawing ? (
        <BillingRunsFrame />
      ) : (
        <BillingTabBody filters={filters} setFilters={setFilters} invoices={invoices} onConfirm={setConfirming} />
      )}
      <CreateInvoiceDialog open={creating} onOpenChange={setCreating} />
      <InvoiceConfirmDialog confirming={confirming} onDone={() => setConfirming(null)} />
    </section>
  );
}

interface BillingTabBodyProps {
  filters: InvoiceFilters;
  setFilters: Dispatch<SetStateAction<InvoiceFilters>>;
  invoices: ReturnType<typeof useInvoices>;
  onConfirm: (confirming: Confirming) => void;
}

/** The runs, the invoice filters and list, and the unapplied payments. */
function BillingTabBody({ filters, setFilters, invoices, onConfirm }: BillingTabBodyProps) {
  return (
    <>
      <BillingRuns />
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3">
        <FormField label="Search invoices">
          <Input type="search" placeholder="Invoice number or business" value={filters.q} onChange={(e) => setFilters((f) => ({ ...f, q: e.target.value }))} />
        </FormField>
        <FormField label="Invoice status">
          <NativeSelect value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as InvoiceFilters['status'] }))}>
            <option value="all">All</option>
            {invoiceStatuses.map((status) => (
              <option key={status} value={status}>
                {invoiceStatusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Payer">
          <NativeSelect value={filters.payer} onChange={(e) => setFilters((f) => ({ ...f, payer: e.target.value as InvoiceFilters['payer'] }))}>
            <option value="all">All</option>
            <option value="business">Businesses</option>
            <option value="agency">Agencies</option>
          </NativeSelect>
        </FormField>
      </Card>

      {invoices.isPending ? (
        <Spinner label="Loading invoices…" />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {invoiceMessages.fetchFailed}
        </p>
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices match.</p>
      ) : (
        <DataTable label="Invoices" tableClassName="min-w-[56rem]" columns={[{ label: 'Invoice' }, { label: 'Payer' }, { label: 'Amount', numeric: true }, { label: 'Due' }, { label: 'Status' }, { label: 'Actions' }]}>
          {invoices.data.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} onConfirm={onConfirm} />
          ))}
        </DataTable>
      )}
      {invoices.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" disabled={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
            {invoices.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
      <UnappliedPayments />
    </>
  );
}

function InvoiceRow({ invoice, onConfirm }: { invoice: Invoice; onConfirm: (c: Confirming) => void }) {
  const setStatus = useSetInvoiceStatus();
  const actions = allowedInvoiceActions(invoice.status);
  const [paying, setPaying] = useState(false);
  const change = async (status: 'paid' | 'overdue') => {
    try {
      await setStatus.mutateAsync({ invoiceId: invoice.id, status });
      toast.success(invoiceMessages.statusUpdated);
    } catch {
      toast.error(messages.admin.errorTitle, { description: invoiceMessages.statusFailed });
    }
  };
  const payNow = async () => {
    // Open the tab first (a popup opened after an await is blocked), then send it to Stripe.
    const tab = window.open('', '_blank');
    setPaying(true);
    try {
      const { url } = await startCheckout(invoice.id, 'admin');
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      toast.success(invoiceMessages.paymentInitiated);
    } catch {
      tab?.close();
      toast.error(messages.admin.errorTitle, { description: invoiceMessages.paymentFailed });
    } finally {
      setPaying(false);
    }
  };
  const busy = setStatus.isPending || paying;
  const name = invoice.invoiceNumber;
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-4 py-3 text-left font-medium">
        {name}
        <span className="block text-xs font-normal text-muted-foreground">Created {formatLongDate(invoice.createdAt)}</span>
      </th>
      <td className="px-4 py-3">
        {invoice.businessName}
        {invoice.payerType === 'agency' && (
          <span className="block text-xs text-muted-foreground">
            Agency, {invoice.lines.length === 1 ? '1 client' : `${formatCount(invoice.lines.length)} clients`}
          </span>
        )}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(invoice.amountCents, invoice.currency)}</td>
      <td className="px-4 py-3">{formatLongDate(invoice.dueDate)}</td>
      <td className="px-4 py-3">
        <InvoiceStatusBadge status={invoice.status} />
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-1.5">
          {actions.payNow && (
            <Button size="sm" disabled={busy} onClick={() => void payNow()} aria-label={`Pay Now ${name}`}>
              Pay Now
            </Button>
          )}
          {actions.markPaid && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void change('paid')} aria-label={`Mark Paid ${name}`}>
              Mark Paid
            </Button>
          )}
          {actions.markOverdue && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void change('overdue')} aria-label={`Mark Overdue ${name}`}>
              Mark Overdue
            </Button>
          )}
          {actions.void && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onConfirm({ kind: 'void', invoice })} aria-label={`Void ${name}`}>
              Void
            </Button>
          )}
          {actions.delete && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onConfirm({ kind: 'delete', invoice })} aria-label={`Delete ${name}`}>
              Delete
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

function InvoiceConfirmDialog({ confirming, onDone }: { confirming: Confirming; onDone: () => void }) {
  const setStatus = useSetInvoiceStatus();
  const remove = useDeleteInvoice();
  const busy = setStatus.isPending || remove.isPending;
  const isVoid = confirming?.kind === 'void';
  const number = confirming?.invoice.invoiceNumber ?? '';
  const confirm = async () => {
    if (!confirming) return;
    try {
      if (isVoid) {
        await setStatus.mutateAsync({ invoiceId: confirming.invoice.id, status: 'void' });
        toast.success(invoiceMessages.statusUpdated);
      } else {
        await remove.mutateAsync(confirming.invoice.id);
        toast.success(invoiceMessages.deleted);
      }
      onDone();
    } catch {
      toast.error(messages.admin.errorTitle, { description: isVoid ? invoiceMessages.statusFailed : invoiceMessages.deleteFailed });
    }
  };
  return (
    <ConfirmDialog
      open={confirming !== null}
      title={isVoid ? 'Void Invoice' : 'Delete Invoice'}
      description={`Are you sure you want to ${isVoid ? 'void' : 'delete'} invoice ${number}? This action cannot be undone.`}
      confirmLabel={isVoid ? 'Void Invoice' : 'Delete Invoice'}
      busy={busy}
      onConfirm={() => void confirm()}
      onOpenChange={(open) => !open && onDone()}
    />
  );
}
