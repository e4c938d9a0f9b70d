// `npx tsx functions/local/backfill-unpaid-invoices.ts`: gives every pending or overdue invoice written before the
// sparse `unpaid` index (gsi3) its keys, so the dunning job finds it. Idempotent: a second run indexes nothing. Against
// the running local runtime by default; with TABLE_NAME and AWS credentials in the environment, against that deployment
// (it then needs dynamodb:Query on index/gsi2 and UpdateItem on the table). Run it once after the deploy that adds gsi3
// and before the next daily dunning run.
import './quiet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSettings } from './settings';

if (!process.env.TABLE_NAME) {
  const file = join(localSettings().dataDir, 'runtime.json');
  if (!existsSync(file)) throw new Error('No TABLE_NAME in the environment and no local runtime running (npm start).');
  Object.assign(process.env, (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env);
}
const { backfillUnpaidInvoiceIndex } = await import('../src/jobs/backfill-unpaid-invoices');
const result = await backfillUnpaidInvoiceIndex({ onProgress: (r) => console.log(`  ${r.unpaid} unpaid invoices, ${r.indexed} indexed`) });
console.log(`Done: ${result.unpaid} unpaid invoices, ${result.indexed} indexed, ${result.alreadyIndexed} already indexed, ${result.changedMeanwhile} changed meanwhile.`);
