// `npm run job:monthly-invoices`: runs the monthly invoice job against the running local runtime's table.
import './quiet';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney } from '../../shared/format';
import { localSettings } from './settings';

const s = localSettings();
const runtime = JSON.parse(readFileSync(join(s.dataDir, 'runtime.json'), 'utf8')) as { env: Record<string, string> };
Object.assign(process.env, runtime.env);
const { generateMonthlyInvoices } = await import('../src/jobs/generate-monthly-invoices');
const result = await generateMonthlyInvoices();
console.log(`Generated ${result.created.length} monthly invoices for ${result.period} (already billed: ${result.alreadyBilled}, no billable employees: ${result.skippedNoBillableEmployees}).`);
for (const invoice of result.created) console.log(`  ${invoice.invoiceNumber}  ${invoice.businessId}  ${formatMoney(invoice.amountCents, invoice.currency)}`);
