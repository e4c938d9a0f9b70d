// `npx tsx functions/local/backfill-link-previews.ts [businessId]`: renders the link preview of every active card that
// has none for its current look (cards made before the card-sharing worker rendered previews). Against the running
// local runtime by default; with TABLE_NAME, MEDIA_BUCKET, MEDIA_BASE_URL and AWS credentials in the environment,
// against that deployment (it then needs dynamodb:Scan and UpdateItem on the table, GetObject on photos/ and logos/,
// Put/DeleteObject on previews/).
import './quiet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSettings } from './settings';

if (!process.env.TABLE_NAME) {
  const file = join(localSettings().dataDir, 'runtime.json');
  if (!existsSync(file)) throw new Error('No TABLE_NAME in the environment and no local runtime running (npm start).');
  Object.assign(process.env, (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env);
}
const { backfillLinkPreviews } = await import('../src/link-preview/backfill');
const result = await backfillLinkPreviews({ businessId: process.argv[2], onProgress: (r) => console.log(`  ${r.cards} cards, ${r.rendered} previews rendered`) });
console.log(`Done: ${result.cards} cards, ${result.rendered} previews rendered, ${result.removed} leavers' previews removed, ${result.failed.length} failed.`);
for (const f of result.failed) console.log(`  failed: ${f.cardId}: ${f.error}`);
process.exitCode = result.failed.length ? 1 : 0;
