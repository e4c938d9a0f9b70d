// `npx tsx functions/local/backfill-wallet-logos.ts`: gives every logo stored before Google Wallet's logo existed its
// 660 px wallet.png (functions/src/uploads/backfill-wallet-logos.ts). Against the running local runtime by default;
// with MEDIA_BUCKET, MEDIA_BASE_URL and AWS credentials in the environment, against that deployment (it then needs
// s3:ListBucket on the media bucket, GetObject and PutObject on logos/).
import './quiet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSettings } from './settings';

if (!process.env.MEDIA_BUCKET) {
  const file = join(localSettings().dataDir, 'runtime.json');
  if (!existsSync(file)) throw new Error('No MEDIA_BUCKET in the environment and no local runtime running (npm start).');
  Object.assign(process.env, (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env);
}
const { backfillWalletLogos } = await import('../src/uploads/backfill-wallet-logos');
const result = await backfillWalletLogos();
console.log(`Done: ${result.folders} logo folders, ${result.written} wallet logos written, ${result.failed.length} failed.`);
for (const f of result.failed) console.log(`  failed: ${f.folder}: ${f.error}`);
process.exitCode = result.failed.length ? 1 : 0;
