// `npx tsx functions/local/backfill-departments.ts [businessId]`: makes department records of the free-text
// departments employees had before departments were records, and gives each employee its record's spelling.
// Idempotent. Against the running local runtime by default; with TABLE_NAME and AWS credentials in the environment,
// against that deployment (it then needs dynamodb:Query on gsi1 and gsi2, GetItem, PutItem, UpdateItem on the table).
import './quiet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSettings } from './settings';

if (!process.env.TABLE_NAME) {
  const file = join(localSettings().dataDir, 'runtime.json');
  if (!existsSync(file)) throw new Error('No TABLE_NAME in the environment and no local runtime running (npm start).');
  Object.assign(process.env, (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env);
}
const { backfillDepartments } = await import('../src/business/backfill-departments');
const result = await backfillDepartments({ businessId: process.argv[2], onProgress: (r) => console.log(`  ${r.businesses} businesses, ${r.added} departments added, ${r.respelled} employees respelled`) });
console.log(`Done: ${result.businesses} businesses, ${result.added} departments added, ${result.respelled} employees respelled.`);
