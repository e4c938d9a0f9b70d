// `npm run job:monthly-invoices` / `npm run job:dunning` (argument `dunning`): runs the monthly invoice job, or the
// dunning job, against the running local runtime's table.
import './quiet';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney } from '../../shared/format';
import { localSettings } from './settings';

const s = localSettings();
const runtime = JSON.parse(readFileSync(join(s.dataDir, 'runtime.json'), 'utf8')) as { env: Record<string, string> };
Object.assign(process.env, runtime.env);
if (process.argv[2] === 'dunning') {
  const { runDunning } = await import('../src/jobs/dunning');
  const result = await runDunning();
  console.log(`Dunning for ${result.today}: ${result.markedOverdue.length} invoices marked overdue, ${result.reminders.length} reminders.`);
  for (const r of result.reminders) console.log(`  ${r.invoiceId}  ${r.stage} days overdue  ${r.outcome}`);
} else {
  const { generateMonthlyInvoices } = await import('../src/jobs/generate-monthly-invoices');
  const result = await generateMonthlyInvoices();
  console.log(`Generated ${result.created.length} monthly invoices for ${result.period} (already billed: ${result.alreadyBilled}, no billable employees: ${result.skippedNoBillableEmployees}).`);
  for (const invoice of result.created) console.log(`  ${invoice.invoiceNumber}  ${invoice.payerType} ${invoice.payerId}  ${formatMoney(invoice.amountCents, invoice.currency)}`);
}
