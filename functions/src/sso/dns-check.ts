// The TXT record that proves a business holds an e-mail domain (issue 24): `_cardcrew-sso.<domain>` must hold
// `cardcrew-sso=<token>`. Asked with node:dns's Resolver; DNS_SERVER (host:port) points it at the local stand-in.
import { Resolver } from 'node:dns/promises';
import { ssoConfig } from '../config';

export const TXT_PREFIX = '_cardcrew-sso';
export const txtRecordName = (domain: string) => `${TXT_PREFIX}.${domain}`;
export const txtRecordValue = (token: string) => `cardcrew-sso=${token}`;

export type TxtLookup = 'found' | 'missing' | 'failed';

/** Whether the domain's TXT record holds the token (a record split into strings is joined, as RFC 7208 does). */
export async function lookUpTxtRecord(domain: string, token: string): Promise<TxtLookup> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const server = ssoConfig().DNS_SERVER;
  if (server) resolver.setServers([server]);
  try {
    const records = await resolver.resolveTxt(txtRecordName(domain));
    return records.some((chunks) => chunks.join('').trim() === txtRecordValue(token)) ? 'found' : 'missing';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN' ? 'missing' : 'failed';
  }
}
