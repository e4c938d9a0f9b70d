// The agency dashboard's Billing section (issue 20 §1, §2): the volume tier the clients billed to the agency reach and
// how many more billable users reach the next, then the agency's invoices — one a month, a line per client — with Pay.
import { formatCount, formatPercent } from '@shared/format';
import { messages } from '@shared/messages';
import type { AgencyBilling } from '@shared/schemas/agency-billing';
import { Card } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { InvoicesTable } from '@web/features/billing/components/business-billing-section';
import { useAgencyBilling } from '../api/agency-billing';

export function AgencyBillingSection() {
  const billing = useAgencyBilling();
  return (
    <section aria-labelledby="agency-billing-heading" className="grid min-w-0 gap-3">
      <h2 id="agency-billing-heading" className="text-lg font-semibold">
        Billing
      </h2>
      {billing.isPending ? (
        <Spinner label="Loading invoices…" />
      ) : billing.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messages.agencyBilling.fetchFailed}
        </p>
      ) : (
        <>
          <VolumeTier volume={billing.data.volume} />
          {billing.data.invoices.length === 0 ? (
            <Card className="p-4 text-sm text-muted-foreground">
              No invoices yet. On the 1st of each month you get one invoice for every client billed to your agency.
            </Card>
          ) : (
            <InvoicesTable invoices={billing.data.invoices} />
          )}
        </>
      )}
    </section>
  );
}

function VolumeTier({ volume }: { volume: AgencyBilling['volume'] }) {
  const users = (n: number) => `${formatCount(n)} billable ${n === 1 ? 'user' : 'users'}`;
  return (
    <Card className="grid gap-1 p-4 text-sm">
      <p>
        <span className="font-semibold">Volume discount: {formatPercent(volume.tier.discountPercent)}</span>{' '}
        <span className="text-muted-foreground">for {users(volume.billableEmployees)} across the clients billed to your agency.</span>
      </p>
      {volume.next && volume.usersToNext !== null ? (
        <p className="text-muted-foreground">
          {users(volume.usersToNext)} more reach {formatPercent(volume.next.discountPercent)} off (from {formatCount(volume.next.fromUsers)} users).
        </p>
      ) : (
        <p className="text-muted-foreground">This is the highest tier. Contact sales for larger volumes.</p>
      )}
    </Card>
  );
}
