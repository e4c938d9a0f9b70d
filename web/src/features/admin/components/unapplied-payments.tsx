// Unapplied payments in the Billing tab (issue 26 §1): money Stripe took for an invoice that could not take it (void,
// cancelled or paid already, another amount, gone), newest first with the Stripe ids an admin needs to find it in
// Stripe's dashboard, and Refund — once, after a confirmation.
import { formatLongDate, formatMoney } from '@shared/format';
import { invoiceMessages } from '@shared/messages/invoice';
import { unappliedReasonLabels, type UnappliedPayment } from '@shared/schemas/unapplied-payment';
import { useState } from 'react';
import { DataTable } from '@web/components/data-table';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useRefundUnappliedPayment, useUnappliedPayments } from '../api/unapplied-payments';

export function UnappliedPayments() {
  const payments = useUnappliedPayments();
  const refund = useRefundUnappliedPayment();
  const [refunding, setRefunding] = useState<UnappliedPayment | null>(null);

  const confirm = async () => {
    if (!refunding) return;
    try {
      await refund.mutateAsync(refunding.stripeSessionId);
      toast.success(invoiceMessages.refunded);
      setRefunding(null);
    } catch (error) {
      toast.error(invoiceMessages.refundFailed, { description: isApiError(error) ? error.message : undefined });
    }
  };

  return (
    <section aria-labelledby="unapplied-heading" className="grid gap-3">
      <div>
        <h3 id="unapplied-heading" className="text-lg font-semibold">
          Unapplied payments
        </h3>
        <p className="text-sm text-muted-foreground">Payments Stripe took that their invoice could not take. Refund them to the payer.</p>
      </div>
      {payments.isPending ? (
        <Spinner label="Loading unapplied payments…" />
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {invoiceMessages.unappliedFetchFailed}
        </p>
      ) : payments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No unapplied payments.</p>
      ) : (
        <DataTable label="Unapplied payments" tableClassName="min-w-[56rem]" columns={[{ label: 'Invoice' }, { label: 'Amount', numeric: true }, { label: 'Why not applied' }, { label: 'Stripe' }, { label: 'Status' }, { label: 'Actions' }]}>
          {payments.data.map((payment) => {
            const name = payment.invoiceNumber ?? 'Deleted invoice';
            return (
              <tr key={payment.stripeSessionId} className="border-t align-top">
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  {name}
                  <span className="block text-xs font-normal text-muted-foreground">{payment.businessName ?? payment.invoiceId}</span>
                  <span className="block text-xs font-normal text-muted-foreground">Received {formatLongDate(payment.receivedAt)}</span>
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(payment.amountCents, payment.currency)}</td>
                <td className="px-4 py-3">{unappliedReasonLabels[payment.reason]}</td>
                <td className="px-4 py-3">
                  <dl className="grid gap-0.5 font-mono text-xs break-all">
                    <div>
                      <dt className="sr-only">Checkout Session</dt>
                      <dd>{payment.stripeSessionId}</dd>
                    </div>
                    {payment.stripePaymentIntentId && (
                      <div>
                        <dt className="sr-only">Payment Intent</dt>
                        <dd>{payment.stripePaymentIntentId}</dd>
                      </div>
                    )}
                    {payment.stripeRefundId && (
                      <div>
                        <dt className="sr-only">Refund</dt>
                        <dd>{payment.stripeRefundId}</dd>
                      </div>
                    )}
                  </dl>
                </td>
                <td className="px-4 py-3">
                  {payment.status === 'refunded' ? <Badge variant="secondary">Refunded {payment.refundedAt ? formatLongDate(payment.refundedAt) : ''}</Badge> : <Badge variant="destructive">Not refunded</Badge>}
                </td>
                <td className="px-4 py-3">
                  {payment.status === 'unapplied' && (
                    <Button size="sm" variant="outline" disabled={refund.isPending} onClick={() => setRefunding(payment)} aria-label={`Refund ${formatMoney(payment.amountCents, payment.currency)} paid for ${name}`}>
                      Refund
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {payments.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" disabled={payments.isFetchingNextPage} onClick={() => void payments.fetchNextPage()}>
            {payments.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={refunding !== null}
        title="Refund Payment"
        description={refunding ? `Refund ${formatMoney(refunding.amountCents, refunding.currency)} paid for ${refunding.invoiceNumber ?? 'a deleted invoice'}? Stripe returns the money to the payer's card. This action cannot be undone.` : ''}
        confirmLabel="Refund Payment"
        busy={refund.isPending}
        onConfirm={() => void confirm()}
        onOpenChange={(open) => !open && setRefunding(null)}
      />
    </section>
  );
}
