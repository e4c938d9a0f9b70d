// /media/* on an agency's custom domain (issue 40): the tenant distribution sends it to the card page function, not
// straight to the bucket, so that a domain serves only the files of its agency and of the agency's clients
// (mediaServesOnDomain); another business's file there is 404 like an unknown one. The platform's distribution keeps
// serving every object straight from the bucket. Loaded only for a media path, so a card view never pays for it.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { getMediaObject } from '../adapters/media';
import { mediaContentSecurityPolicy } from '../../security-headers';
import { mediaServesOnDomain } from './custom-domain-host';

const notFound: APIGatewayProxyStructuredResultV2 = { statusCode: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not Found' };

/** `/media/{key}` → the key, or null when the path is not one (or its percent-encoding is malformed). */
export function mediaKeyOfPath(path: string | undefined): string | null {
  if (!path?.startsWith('/media/')) return null;
  try {
    return decodeURIComponent(path.slice('/media/'.length)) || null;
  } catch {
    return null;
  }
}

/** The object with the headers it was stored with, when `domain` may serve it; 404 otherwise. */
export async function serveMediaOnDomain(path: string | undefined, domain: string | null, head: boolean): Promise<APIGatewayProxyStructuredResultV2> {
  const key = mediaKeyOfPath(path);
  if (!key || !domain || !(await mediaServesOnDomain(domain, key))) return notFound;
  let object;
  try {
    object = await getMediaObject(key);
  } catch {
    return notFound;
  }
  const headers: Record<string, string> = {
    'content-type': object.ContentType ?? 'application/octet-stream',
    'content-security-policy': mediaContentSecurityPolicy,
    ...(object.CacheControl ? { 'cache-control': object.CacheControl } : {}),
    ...(object.ETag ? { etag: object.ETag } : {}),
  };
  if (head) return { statusCode: 200, headers, body: '' };
  return { statusCode: 200, headers, body: Buffer.from(await object.Body!.transformToByteArray()).toString('base64'), isBase64Encoded: true };
}
