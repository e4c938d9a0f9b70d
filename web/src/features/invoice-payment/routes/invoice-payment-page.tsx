// /invoice-payment/{invoiceId} (spec 1 §2 'Invoice payment'): the invoice and 'Pay Invoice Securely', which goes to
// Stripe Checkout for the stored amount. Back from Stripe the payment is verified (or the cancellation said) and the
// address cleaned. A paid invoice says so; an unknown one shows 'Invoice Not Found' and nothing else. A white-labelled
// client's invoice is shown in its agency's brand (header, footer, tab title and favicon; issue 40), CardCrew's
// otherwise: the invoice's view carries the brand, decided on the server from the invoice's business.
import { formatLongDate, formatMoney } from '@shared/format';
import { messages } from '@shared/messages';
import { canPayInvoice, invoicePdfPath, type InvoicePaymentView } from '@shared/schemas/invoice';
import type { ClientBrandView } from '@shared/schemas/me';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, FileDown, FileX2, Lock } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { InvoiceStatusBadge } from '@web/components/invoice-status-badge';
import { Button } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { SiteFooter } from '@web/components/site-footer';
import { PageSpinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { payInCheckout } from '@web/lib/payments';
import { usePaymentReturn } from '@web/lib/use-payment-return';
import { useBrandTheme } from '@web/lib/theme';
import { SiteTopNav } from '@web/features/auth/components/site-top-nav';
import { useSession } from '@web/features/auth/session-provider';
import { useBrandChrome } from '@web/features/white-label/use-brand-chrome';
import { invoicePaymentKeys, useInvoicePayment } from '../api/get-invoice-payment';
import { AgencyFooter, AgencyHeader } from '../components/agency-chrome';
import { InvoiceLines } from '../components/invoice-lines';

const sameBrand = (a: ClientBrandView | null | undefined, b: ClientBrandView | null) =>
  !!a && !!b && a.name === b.name && a.logoUrl === b.logoUrl && a.favicon?.icon32 === b.favicon?.icon32;

export function InvoicePaymentPage() {
  const { invoiceId = '' } = useParams();
  const query = useInvoicePayment(invoiceId);
  const queryClient = useQueryClient();
  usePaymentReturn(useCallback(() => void queryClient.invalidateQueries({ queryKey: invoicePaymentKeys.detail(invoiceId) }), [queryClient, invoiceId]));
  const brand = query.data?.brand ?? null;
  const { me } = useSession();
  // The tab's title and favicon: the session shows a client's person their brand already; the page shows the invoice's
  // to anyone else (signed out, an admin), so the two never undo each other.
  useBrandChrome(sameBrand(me?.brand, brand) ? null : brand);
  useBrandTheme(brand ? (brand.colors ?? {}) : null);
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      {/* Until the invoice says whose it is, neither brand is drawn. */}
      {query.isPending ? <div aria-hidden className="h-16 border-b bg-background" /> : brand ? <AgencyHeader brand={brand} /> : <SiteTopNav />}
      <main className="flex flex-1 items-start justify-center px-4 py-10">
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          isApiError(query.error) && query.error.status === 404 ? (
            <Card className="w-full max-w-lg p-8 text-center">
              <FileX2 aria-hidden className="mx-auto size-10 text-muted-foreground" />
              <h1 className="mt-3 text-2xl font-bold">{messages.invoicePayment.notFoundTitle}</h1>
              <p className="mt-2 text-muted-foreground">Check the link in your invoice email.</p>
            </Card>
          ) : (
            <Card className="w-full max-w-lg p-8 text-center">
              <h1 className="text-2xl font-bold">Invoice Payment</h1>
              <p role="alert" className="mt-2 text-destructive">
                {messages.invoicePayment.loadFailed}
              </p>
              <Button className="mt-4" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            </Card>
          )
        ) : (
          <InvoiceCard invoiceId={invoiceId} invoice={query.data} />
        )}
      </main>
      {query.isPending ? null : brand ? <AgencyFooter brand={brand} /> : <SiteFooter />}
    </div>
  );
}

function InvoiceCard({ invoiceId, invoice }: { invoiceId: string; invoice: InvoicePaymentView }) {
  const [processing, setProcessing] = useState(false);
  const pay = async () => {
    setProcessing(true);
    if (!(await payInCheckout(invoiceId))) setProcessing(false);
  };
  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Invoice Payment
        </CardTitle>
        <p className="text-sm text-muted-foreground">Invoice {invoice.invoiceNumber}</p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="text-muted-foreground">{invoice.payerType === 'agency' ? 'Agency' : 'Business'}</dt>
          <dd className="font-medium">{invoice.businessName}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <InvoiceStatusBadge status={invoice.status} />
          </dd>
          <dt className="text-muted-foreground">Due date</dt>
          <dd>{formatLongDate(invoice.dueDate)}</dd>
          <dt className="text-muted-foreground">Amount due</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatMoney(invoice.amountCents, invoice.currency)}</dd>
          {invoice.notes && (
            <>
              <dt className="text-muted-foreground">Description</dt>
              <dd className="whitespace-pre-line">{invoice.notes}</dd>
            </>
          )}
          {invoice.billingContact && (
            <>
              <dt className="text-muted-foreground">Billing contact</dt>
              <dd className="break-all">{invoice.billingContact}</dd>
            </>
          )}
        </dl>
        <InvoiceLines invoice={invoice} />
        {invoice.status === 'paid' ? (
          <p className="flex items-center gap-2 rounded-lg bg-success/10 p-4 font-medium text-foreground" role="status">
            <CheckCircle2 aria-hidden className="size-5 text-success" />
            {messages.invoicePayment.paid}
          </p>
        ) : canPayInvoice(invoice.status) ? (
          <>
            <Button size="lg" disabled={processing} onClick={() => void pay()}>
              <Lock aria-hidden />
              {processing ? 'Processing...' : 'Pay Invoice Securely'}
            </Button>
            <div className="rounded-lg border p-4 text-sm">
              <h2 className="flex items-center gap-2 font-semibold">
                <CreditCard aria-hidden className="size-4" />
                Payment Instructions
              </h2>
              <p className="mt-1 text-muted-foreground">
                Pay securely by credit or debit card. Payment is processed instantly, and you will receive a confirmation email.
              </p>
            </div>
          </>
        ) : (
          <p className="rounded-lg border p-4 text-sm text-muted-foreground">This invoice can no longer be paid. Please contact us if you have questions.</p>
        )}
        <Button asChild variant="outline">
          <a href={invoicePdfPath(invoiceId)} download aria-label={`Download PDF of invoice ${invoice.invoiceNumber}`}>
            <FileDown aria-hidden />
            Download PDF
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
