// `npx tsx functions/local/backfill-managing-agencies.ts [businessId]`: copies each managed business's agency (the
// oldest link, the agency's name, who pays) onto its business item, for businesses linked before the copy existed.
// Idempotent. Against the running local runtime by default; with TABLE_NAME and AWS credentials in the environment,
// against that deployment (it then needs dynamodb:Scan, Query on gsi2, GetItem and UpdateItem on the table).
import './quiet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSettings } from './settings';

if (!process.env.TABLE_NAME) {
  const file = join(localSettings().dataDir, 'runtime.json');
  if (!existsSync(file)) throw new Error('No TABLE_NAME in the environment and no local runtime running (npm start).');
  Object.assign(process.env, (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env);
}
const { backfillManagingAgencies } = await import('../src/agency/backfill-managing-agency');
const result = await backfillManagingAgencies({ businessId: process.argv[2], onProgress: (r) => console.log(`  ${r.links} links, ${r.businesses} businesses, ${r.updated} updated`) });
console.log(`Done: ${result.links} links, ${result.businesses} businesses, ${result.updated} updated.`);
