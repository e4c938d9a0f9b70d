import { describe, expect, it } from 'vitest';
import { parseViewerAddress, viewerIpOf } from './viewer-address';

describe('the viewer address', () => {
  it('reads IPv4 and IPv6 viewer addresses as CloudFront writes them (address:port)', () => {
    expect(parseViewerAddress('203.0.113.7:46532')).toBe('203.0.113.7');
    expect(parseViewerAddress('2001:DB8::1:443')).toBe('2001:db8::1');
    expect(parseViewerAddress('[::1]:443')).toBe('::1');
  });

  it('ignores anything that is not an address with a port', () => {
    for (const bad of [undefined, '', '203.0.113.7', 'evil.example:80', '1.2.3.4:80, 5.6.7.8:80', '<script>:1']) expect(parseViewerAddress(bad)).toBeNull();
  });

  it('prefers the CloudFront header over the edge server’s source IP', () => {
    const event = (headers: Record<string, string>) => ({ headers, requestContext: { http: { sourceIp: '130.176.0.1' } } }) as never;
    expect(viewerIpOf(event({ 'cloudfront-viewer-address': '198.51.100.4:5555' }))).toBe('198.51.100.4');
    expect(viewerIpOf(event({}))).toBe('130.176.0.1');
  });
});
