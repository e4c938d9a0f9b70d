// One client on the agency dashboard (spec 2 §2): logo, name, industry (default Business), employees, revenue (for
// the billable ones), the status badge, who pays for it (issue 20), the agency's price for it, its white-label (issue 21), Analytics (scans over
// time) and Manage (the client's business dashboard). Memoised, with props that stay the same between the dashboard's
// renders (the client object is kept by the query's structural sharing, the Analytics handler is the page's state
// setter): an agency with hundreds of clients re-renders only the cards whose client changed (issue 25 §1).
import { formatCount, formatMoney } from '@shared/format';
import type { AgencyClientSummary } from '@shared/schemas/agency';
import { BarChart3, Settings2 } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@web/components/avatar';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { BilledToSelect } from '@web/features/agency-billing/components/billed-to-select';
import { ClientPriceField } from '@web/features/agency-billing/components/client-price-field';
import { ClientWhiteLabelSelect } from './client-white-label-select';

export const ClientCard = memo(function ClientCard({
  client,
  currency,
  agencyWhiteLabel,
  onAnalytics,
}: {
  client: AgencyClientSummary;
  currency: string;
  agencyWhiteLabel: boolean;
  /** Opens the client's analytics; a stable function (the cards are memoised), called with this card's client. */
  onAnalytics: (client: AgencyClientSummary) => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-4 p-4">
      <div className="flex items-start gap-3">
        <Avatar name={client.name} src={client.logoUrl} shape="square" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{client.name}</h3>
          <p className="truncate text-sm text-muted-foreground">{client.industry ?? 'Business'}</p>
        </div>
        {client.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Employees</dt>
          <dd className="font-semibold tabular-nums">{formatCount(client.employeeCount)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Revenue</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(client.revenueCents, currency)}/mo</dd>
          {/* A client billed directly pays for itself: no revenue for the agency (issue 40). Otherwise revenue counts
              what the client's invoice counts: drafts are not billed (issue 27 §4). */}
          {client.billedTo === 'direct' ? (
            <dd className="text-xs text-muted-foreground">billed directly</dd>
          ) : client.billableEmployeeCount !== client.employeeCount && (
            <dd className="text-xs text-muted-foreground">
              for {formatCount(client.billableEmployeeCount)} billed; drafts are free
            </dd>
          )}
        </div>
      </dl>
      <BilledToSelect businessId={client.id} clientName={client.name} billedTo={client.billedTo} billingEmail={client.billingEmail} />
      {/* The agency's price matters only while it bills the client (a client billed directly pays CardCrew's price). */}
      {client.billedTo === 'agency' && <ClientPriceField businessId={client.id} clientName={client.name} pricePerUserCents={client.pricePerUserCents} listPricePerUserCents={client.listPricePerUserCents} />}
      <ClientWhiteLabelSelect businessId={client.id} clientName={client.name} whiteLabel={client.whiteLabel} agencyWhiteLabel={agencyWhiteLabel} />
      <div className="mt-auto flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => onAnalytics(client)} aria-label={`Analytics for ${client.name}`}>
          <BarChart3 aria-hidden />
          Analytics
        </Button>
        <Button asChild size="sm" className="flex-1">
          <Link to={`/business/${encodeURIComponent(client.id)}`} aria-label={`Manage ${client.name}`}>
            <Settings2 aria-hidden />
            Manage
          </Link>
        </Button>
      </div>
    </Card>
  );
});
