// An agency invoice's lines (issue 20 §1, §2): one per client billed to the agency — its billable users at the agency
// rate of its tier, the agency's share — then the subtotal, the volume discount applied and the total.
import { formatCount, formatMoney, formatPercent } from '@shared/format';
import type { InvoiceBreakdown } from '@shared/schemas/invoice';

export function InvoiceLines({ invoice }: { invoice: InvoiceBreakdown & { amountCents: number; currency: string } }) {
  if (invoice.lines.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const discount = invoice.discountCents ?? 0;
  return (
    <div role="region" aria-label="Invoice lines" tabIndex={0} className="relative min-w-0 overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">One line per client billed to the agency</caption>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Client</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Users</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={`${line.businessName}-${index}`} className="border-t align-top">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {line.businessName}
                <span className="block text-xs font-normal text-muted-foreground">
                  {money(line.ratePerUserCents)} per user, {formatPercent(line.sharePercent)} agency share
                </span>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(line.billableEmployees)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{money(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t">
          {invoice.subtotalCents !== null && (
            <tr>
              <th scope="row" colSpan={2} className="px-3 py-2 text-left font-medium">
                Subtotal
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{money(invoice.subtotalCents)}</td>
            </tr>
          )}
          {invoice.discountPercent !== null && (
            <tr>
              <th scope="row" colSpan={2} className="px-3 py-2 text-left font-medium">
                Volume discount {formatPercent(invoice.discountPercent)}
                {invoice.discountTierFromUsers !== null && (
                  <span className="block text-xs font-normal text-muted-foreground">
                    {invoice.discountTierFromUsers === 0 ? 'Base tier' : `Tier from ${formatCount(invoice.discountTierFromUsers)} billable users`}
                    {discount > 0 && `, you save ${money(discount)}`}
                  </span>
                )}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{discount > 0 ? `−${money(discount)}` : money(0)}</td>
            </tr>
          )}
          <tr className="border-t">
            <th scope="row" colSpan={2} className="px-3 py-2 text-left font-semibold">
              Total
            </th>
            <td className="px-3 py-2 text-right font-semibold tabular-nums">{money(invoice.amountCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
