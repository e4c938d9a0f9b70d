// One-off, idempotent: gives every stored logo folder made before Google Wallet's logo existed its wallet.png, drawn
// from the folder's largest rendition (the upload itself is gone). Lists logos/ a page at a time; a folder that has
// wallet.png already is left as it is, so a second run writes nothing.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { getMediaObject, putMediaObject, s3 } from '../adapters/media';
import { renditionSizes, WALLET_LOGO_NAME } from '../adapters/media-keys';
import { mediaConfig } from '../config';
import { walletLogoPng } from './wallet-logo';

export interface WalletLogoBackfill {
  folders: number;
  written: number;
  failed: { folder: string; error: string }[];
}

/** Every `logos/{owner}/{version}` folder with the names of its files. */
async function logoFolders(): Promise<Map<string, Set<string>>> {
  const folders = new Map<string, Set<string>>();
  let token: string | undefined;
  do {
    const page = await (await s3()).send(new ListObjectsV2Command({ Bucket: mediaConfig().MEDIA_BUCKET, Prefix: 'logos/', ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      const at = Key!.lastIndexOf('/');
      const folder = Key!.slice(0, at);
      folders.set(folder, (folders.get(folder) ?? new Set()).add(Key!.slice(at + 1)));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return folders;
}

export async function backfillWalletLogos(): Promise<WalletLogoBackfill> {
  const result: WalletLogoBackfill = { folders: 0, written: 0, failed: [] };
  const largest = `${Math.max(...renditionSizes.logo)}.webp`;
  for (const [folder, files] of await logoFolders()) {
    result.folders++;
    if (files.has(WALLET_LOGO_NAME) || !files.has(largest)) continue;
    try {
      const object = await getMediaObject(`${folder}/${largest}`);
      const bytes = await object.Body!.transformToByteArray();
      await putMediaObject(`${folder}/${WALLET_LOGO_NAME}`, await walletLogoPng(bytes), 'image/png');
      result.written++;
    } catch (error) {
      result.failed.push({ folder, error: (error as Error).message });
    }
  }
  return result;
}
