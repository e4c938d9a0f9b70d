// The visitor's IP address. Behind CloudFront, API Gateway's sourceIp is a CloudFront edge server, so per-visitor
// limits key on the CloudFront-Viewer-Address header the distribution adds (the local server adds it the same way).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** `203.0.113.7:46532` → `203.0.113.7`; `2001:db8::1:443` (IPv6, no brackets) → `2001:db8::1`; `[::1]:443` → `::1`. */
export function parseViewerAddress(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const bracketed = /^\[([0-9a-f:.]+)\]:\d+$/i.exec(text);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (lastColon <= 0 || !/^\d+$/.test(text.slice(lastColon + 1))) return null;
  const ip = text.slice(0, lastColon);
  const ipv4 = /^(\d{1,3}\.){3}\d{1,3}$/.test(ip);
  const ipv6 = /^[0-9a-f:.]+$/i.test(ip) && ip.includes(':');
  return ipv4 || ipv6 ? ip.toLowerCase() : null;
}

/** The viewer's IP: from CloudFront-Viewer-Address, else API Gateway's source IP (a direct call to the API). */
export function viewerIpOf(event: APIGatewayProxyEventV2): string {
  return parseViewerAddress(event.headers?.['cloudfront-viewer-address']) ?? event.requestContext.http?.sourceIp ?? 'unknown';
}
