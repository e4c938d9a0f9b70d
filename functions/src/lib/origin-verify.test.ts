import { describe, expect, it } from 'vitest';
import { cameThroughEdge } from './origin-verify';

const secret = 's'.repeat(48);

describe('the CloudFront origin header', () => {
  it('accepts only the exact secret when one is configured', () => {
    expect(cameThroughEdge({ 'x-origin-verify': secret }, secret)).toBe(true);
    expect(cameThroughEdge({}, secret)).toBe(false);
    expect(cameThroughEdge(undefined, secret)).toBe(false);
    expect(cameThroughEdge({ 'x-origin-verify': secret.slice(1) }, secret)).toBe(false);
    expect(cameThroughEdge({ 'x-origin-verify': `${secret}x` }, secret)).toBe(false);
    expect(cameThroughEdge({ 'x-origin-verify': 't'.repeat(48) }, secret)).toBe(false);
  });

  it('accepts every request where no secret is configured (local mode)', () => {
    expect(cameThroughEdge({}, undefined)).toBe(true);
    expect(cameThroughEdge({}, '')).toBe(true);
  });
});
