// The Billing section of the business dashboard (issue 27 §2), also in an agency's Manage view of a client: every
// invoice of the business newest first — number, period, amount, status, due date — Pay for a pending or overdue one,
// through the same Stripe Checkout as the mailed payment link (back from Stripe, the payment page verifies it), and the
// PDF of each (a plain link: the API redirects it to a short-lived download).
import { formatBillingPeriod, formatCount, formatLongDate, formatMoney } from '@shared/format';
import { invoiceMessages } from '@shared/messages/invoice';
import { canPayInvoice, invoicePdfPath, type Invoice } from '@shared/schemas/invoice';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '@web/components/data-table';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { InvoiceStatusBadge } from '@web/components/invoice-status-badge';
import { Spinner } from '@web/components/spinner';
import { payInCheckout } from '@web/lib/payments';
import { useBusinessInvoices } from '../api/list-business-invoices';

export function BusinessBillingSection({ businessId }: { businessId: string }) {
  const invoices = useBusinessInvoices(businessId);
  return (
    <section aria-labelledby="billing-heading" className="grid min-w-0 gap-3">
      <h2 id="billing-heading" className="text-lg font-semibold">
        Billing
      </h2>
      {invoices.isPending ? (
        <Spinner label="Loading invoices…" />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {invoiceMessages.fetchFailed}
        </p>
      ) : invoices.data.length === 0 ? (
        <Card className="p-4 text-sm text-muted-foreground">No invoices yet. Invoices are issued on the 1st of each month for your team members.</Card>
      ) : (
        <InvoicesTable invoices={invoices.data} />
      )}
    </section>
  );
}

/** The invoices, newest first, in a table that scrolls sideways on a phone (the business's and the agency's Billing). */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <DataTable label="Invoices" tableClassName="min-w-[40rem]" columns={[{ label: 'Invoice' }, { label: 'Period' }, { label: 'Amount', numeric: true }, { label: 'Due' }, { label: 'Status' }, { label: 'Actions', hidden: true }]}>
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
    </DataTable>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const [paying, setPaying] = useState(false);
  const amount = formatMoney(invoice.amountCents, invoice.currency);
  const pay = async () => {
    setPaying(true);
    if (!(await payInCheckout(invoice.id))) setPaying(false);
  };
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-4 py-3 text-left font-medium">
        {/* The invoice's page: its lines, and Pay. */}
        <Link to={`/invoice-payment/${encodeURIComponent(invoice.id)}`} className="underline underline-offset-2">
          {invoice.invoiceNumber}
        </Link>
        <span className="block text-xs font-normal text-muted-foreground">Issued {formatLongDate(invoice.createdAt)}</span>
      </th>
      <td className="px-4 py-3">
        {invoice.billingPeriod ? formatBillingPeriod(invoice.billingPeriod) : (invoice.notes ?? '—')}
        {invoice.lines.length > 0 && (
          <span className="block text-xs text-muted-foreground">
            {invoice.lines.length === 1 ? '1 client' : `${formatCount(invoice.lines.length)} clients`}
          </span>
        )}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{amount}</td>
      <td className="px-4 py-3">{formatLongDate(invoice.dueDate)}</td>
      <td className="px-4 py-3">
        <InvoiceStatusBadge status={invoice.status} />
        {invoice.paidAt && <span className="block text-xs text-muted-foreground">Paid {formatLongDate(invoice.paidAt)}</span>}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={invoicePdfPath(invoice.id)} download aria-label={`Download PDF of ${invoice.invoiceNumber}`}>
              <FileDown aria-hidden />
              PDF
            </a>
          </Button>
          {canPayInvoice(invoice.status) && (
            <Button size="sm" disabled={paying} onClick={() => void pay()} aria-label={`Pay ${amount} for ${invoice.invoiceNumber}`}>
              {paying ? 'Processing...' : 'Pay'}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
