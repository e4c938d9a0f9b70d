// The dashboard tab (spec 2 §2; issue 10 §2): businesses, agencies, billable employees, monthly recurring revenue,
// outstanding and overdue amounts, paid this month, and six months of invoiced vs paid — as bars and as a table with
// the same numbers (the bars are decorative for screen readers; the table is the accessible view).
import { formatCount, formatMoney, formatShortMonth } from '@shared/format';
import type { AdminDashboard } from '@shared/schemas/admin';
import { useDeferredValue } from 'react';
import { AlertTriangle, Briefcase, Building2, CircleDollarSign, Clock, Repeat, Users, Wallet } from 'lucide-react';
import { Card } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { StatCard } from '@web/components/stat-card';
import { usePlatformDashboard } from '../api/platform-dashboard';

export function DashboardTab() {
  const query = usePlatformDashboard();
  // Drawn in a transition: React renders the answer in slices between the browser's other work, not in one long task
  // (issue 25 §1); until then the frame stays.
  const drawing = useDeferredValue(query.isPending);
  if (query.isPending || drawing) return <DashboardFrame />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {query.error.message}
      </p>
    );
  }
  const d = query.data;
  const money = (cents: number) => formatMoney(cents, d.currency);
  return (
    <section aria-labelledby="dashboard-heading" className="grid gap-6">
      <h2 id="dashboard-heading" className="text-xl font-semibold">
        Platform Overview
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Businesses" value={formatCount(d.businesses)} detail={`${formatCount(d.activeBusinesses)} active`} icon={Building2} />
        <StatCard title="Agencies" value={formatCount(d.agencies)} icon={Briefcase} />
        <StatCard title="Billable Employees" value={formatCount(d.billableEmployees)} icon={Users} />
        <StatCard title="Monthly Recurring Revenue" value={money(d.monthlyRecurringRevenueCents)} icon={Repeat} />
        <StatCard title="Outstanding" value={money(d.outstandingCents)} detail="pending and overdue" icon={Clock} />
        <StatCard title="Overdue" value={money(d.overdueCents)} icon={AlertTriangle} />
        <StatCard title="Paid This Month" value={money(d.paidThisMonthCents)} icon={Wallet} />
      </div>
      <RevenueChart data={d} />
    </section>
  );
}

/**
 * The tab before its data (issue 25 §1): the heading, the figures' tiles and the chart's title drawn at once, the
 * figures as placeholders of their size; the chart's bars and months come with the data.
 */
function DashboardFrame() {
  return (
    <section aria-labelledby="dashboard-heading" aria-busy="true" className="grid gap-6">
      <h2 id="dashboard-heading" className="text-xl font-semibold">
        Platform Overview
      </h2>
      <Spinner label="Loading the dashboard…" className="sr-only" />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Businesses" value={undefined} detail icon={Building2} />
        <StatCard title="Agencies" value={undefined} icon={Briefcase} />
        <StatCard title="Billable Employees" value={undefined} icon={Users} />
        <StatCard title="Monthly Recurring Revenue" value={undefined} icon={Repeat} />
        <StatCard title="Outstanding" value={undefined} detail="pending and overdue" icon={Clock} />
        <StatCard title="Overdue" value={undefined} icon={AlertTriangle} />
        <StatCard title="Paid This Month" value={undefined} icon={Wallet} />
      </div>
      <Card className="grid gap-4 p-4">
        <RevenueChartHead />
        <div aria-hidden className="h-48 border-b" />
      </Card>
    </section>
  );
}

/** The chart's title (on a phone the tab's largest text, so the frame draws it too) and its legend. */
function RevenueChartHead() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3 className="font-semibold">
        <CircleDollarSign aria-hidden className="mr-1 inline size-4 text-secondary" />
        Invoiced vs paid, last 6 months
      </h3>
      <div aria-hidden className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-secondary" /> Invoiced
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-success" /> Paid
        </span>
      </div>
    </div>
  );
}

function RevenueChart({ data }: { data: AdminDashboard }) {
  const max = Math.max(1, ...data.months.flatMap((m) => [m.invoicedCents, m.paidCents]));
  const money = (cents: number) => formatMoney(cents, data.currency);
  return (
    <Card className="grid gap-4 p-4">
      <RevenueChartHead />
      <div aria-hidden className="grid h-48 grid-cols-6 items-end gap-2 border-b">
        {data.months.map((m) => (
          <div key={m.month} className="flex h-full items-end justify-center gap-1">
            <div className="w-1/3 rounded-t-sm bg-secondary" style={{ height: `${(m.invoicedCents / max) * 100}%` }} title={`${m.month} invoiced ${money(m.invoicedCents)}`} />
            <div className="w-1/3 rounded-t-sm bg-success" style={{ height: `${(m.paidCents / max) * 100}%` }} title={`${m.month} paid ${money(m.paidCents)}`} />
          </div>
        ))}
      </div>
      <div aria-hidden className="grid grid-cols-6 gap-2 text-center text-xs text-muted-foreground">
        {data.months.map((m) => (
          <span key={m.month}>{formatShortMonth(m.month)}</span>
        ))}
      </div>
      <details className="rounded-lg border p-3">
        <summary className="cursor-pointer text-sm font-medium">Show as table</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Invoiced and paid by month</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">Month</th>
              <th scope="col" className="py-1 text-right font-medium">Invoiced</th>
              <th scope="col" className="py-1 text-right font-medium">Paid</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month} className="border-t">
                <th scope="row" className="py-1 text-left font-normal">
                  {formatShortMonth(m.month)}
                </th>
                <td className="py-1 text-right tabular-nums">{money(m.invoicedCents)}</td>
                <td className="py-1 text-right tabular-nums">{money(m.paidCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  );
}
