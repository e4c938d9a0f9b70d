// Where a webhook may be delivered (SSRF rules): only to public unicast addresses. A URL's host is read by the WHATWG
// URL parser, which already turns the decimal, octal and hex IPv4 forms (`2130706433`, `0177.0.0.1`, `0x7f.1`) into
// dotted quads; a DNS name is resolved first and the delivery then connects to the address that was checked, so a
// second answer (DNS rebinding) cannot switch it to a private one.
import { BlockList, isIP } from 'node:net';

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry). */
const privateV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the instance metadata service among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 included
] as const) {
  privateV4.addSubnet(network, prefix, 'ipv4');
}

/** An IPv6 address as its eight 16-bit groups (`::` expanded, a trailing dotted IPv4 read as two groups). */
export function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(0, fill)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** True when an IP address (v4 or v6, brackets allowed) is not a public unicast address a webhook may reach. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]!);
  if (family === 4) return privateV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const g = ipv6Groups(bare);
  if (!g) return true;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides. ::, ::1 and the old IPv4-compatible ::a.b.c.d are refused.
  if (zeros(0, 5) && g[5] === 0xffff) return isForbiddenAddress(v4Of(g[6]!, g[7]!));
  if (zeros(0, 6)) return true;
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isForbiddenAddress(v4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isForbiddenAddress(v4Of(g[1]!, g[2]!));
  // Only global unicast (2000::/3) is the public internet; ::1, fe80::/10, fc00::/7, ff00::/8 all fall outside it.
  // Documentation (2001:db8::/32) is refused as well.
  if ((g[0]! & 0xe000) !== 0x2000) return true;
  return g[0] === 0x2001 && g[1] === 0xdb8;
}

/** Why an endpoint URL is refused (a message key), or null when its form is allowed. */
export type UrlProblem = 'notHttps' | 'privateAddress' | 'credentials' | 'invalid';

/**
 * Locally (APP_MODE=local) a webhook may also go to 127.0.0.1 or a `.localhost` name over http or https (the local
 * receiver); in AWS only https to a public host. `host` literals are checked here; names are checked once resolved.
 */
export function urlProblem(url: string, local: boolean): UrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.username || parsed.password) return 'credentials';
  if (local && isLocalReceiverHost(parsed.hostname) && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) return null;
  if (parsed.protocol !== 'https:') return 'notHttps';
  const host = parsed.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) && isForbiddenAddress(host)) return 'privateAddress';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return 'privateAddress';
  return null;
}

/** The local runtime's receivers: 127.0.0.1 and names under .localhost. */
export function isLocalReceiverHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname.endsWith('.localhost');
}
