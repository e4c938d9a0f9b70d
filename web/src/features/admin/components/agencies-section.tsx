// The Agencies section of the businesses tab: each agency with the plan that bills it (an admin assigns one), its
// clients and this month's figures: revenue at the agency's prices, what CardCrew bills it, and the profit between.
import { formatCount, formatMoney } from '@shared/format';
import { messages } from '@shared/messages';
import type { AdminAgencyRow } from '@shared/schemas/admin';
import { useId } from 'react';
import { DataTable } from '@web/components/data-table';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { useAdminAgencies, useSetAgencyPlan } from '../api/agencies';

/** The select's value for "no plan assigned": the first active agency plan bills the agency. */
const DEFAULT_PLAN = '';

export function AgenciesSection() {
  const query = useAdminAgencies();
  const m = messages.adminAgencies;
  return (
    <section aria-labelledby="agencies-heading" className="grid gap-4">
      <h2 id="agencies-heading" className="text-xl font-semibold">
        {m.title}
      </h2>
      {query.isPending ? (
        <Spinner label="Loading agencies…" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {m.fetchFailed}
        </p>
      ) : query.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.empty}</p>
      ) : (
        <>
          <DataTable label={m.title} tableClassName="min-w-[52rem]" columns={[{ label: 'Agency' }, { label: 'Plan' }, { label: 'Clients', numeric: true }, { label: 'Billed users', numeric: true }, { label: 'Revenue this month', numeric: true }, { label: 'Costs', numeric: true }, { label: 'Net profit', numeric: true }, { label: 'Growth', numeric: true }]}>
            {query.data.rows.map((row) => (
              <AgencyRow key={row.id} row={row} plans={query.data.plans} />
            ))}
          </DataTable>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function AgencyRow({ row, plans }: { row: AdminAgencyRow; plans: { id: string; name: string }[] }) {
  const id = useId();
  const save = useSetAgencyPlan();
  const m = messages.adminAgencies;
  const money = (cents: number) => formatMoney(cents, row.currency);
  const change = async (value: string) => {
    const planId = value === DEFAULT_PLAN ? null : value;
    try {
      const saved = await save.mutateAsync({ agencyId: row.id, planId });
      toast.success(m.planSaved(row.name, saved.plan?.name ?? 'the default plan'));
    } catch {
      toast.error(m.planSaveFailed);
    }
  };
  const defaultName = plans[0]?.name;
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-4 py-3 text-left font-medium">
        {row.name}
      </th>
      <td className="px-4 py-3">
        <Label htmlFor={id} className="sr-only">
          {m.planLabel(row.name)}
        </Label>
        <NativeSelect id={id} value={save.isPending ? (save.variables.planId ?? DEFAULT_PLAN) : row.planAssigned && row.plan ? row.plan.id : DEFAULT_PLAN} disabled={save.isPending} onChange={(event) => void change(event.target.value)}>
          <option value={DEFAULT_PLAN}>{defaultName ? `Default (${defaultName})` : 'Default'}</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{formatCount(row.clientCount)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatCount(row.billableUsers)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{money(row.revenueCents)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{money(row.costsCents)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{money(row.netProfitCents)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{row.growthRate}%</td>
    </tr>
  );
}
