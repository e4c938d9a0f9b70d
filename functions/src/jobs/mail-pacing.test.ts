// SES pacing of the billing worker: the concurrent invocations together stay under the account's sending rate.
import { describe, expect, it } from 'vitest';
import { billingFanOut } from './billing-fan-out';
import { MailPacer, perInvocationSendRate } from './mail-pacing';

describe('billing mail pacing', () => {
  it('splits the run’s share of the SES rate over the event source’s maximum concurrency', () => {
    // 14 mails/s (a new production account) × 0.8 / 5 invocations = 2.24 mails/s each, 11.2 in all.
    expect(perInvocationSendRate(14, 5)).toBeCloseTo(2.24);
    expect(perInvocationSendRate(14) * billingFanOut.maxConcurrency).toBeLessThanOrEqual(14);
    expect(perInvocationSendRate(200) * billingFanOut.maxConcurrency).toBeCloseTo(200 * billingFanOut.sendRateShare);
  });

  it('spaces sends 1/rate apart, without bursts, so the concurrent invocations never exceed the quota', async () => {
    const pacer = new MailPacer(20); // 50 ms apart
    const at: number[] = [];
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, async () => {
      await pacer.take();
      at.push(Date.now() - started);
    }));
    at.sort((a, b) => a - b);
    // The k-th send goes no earlier than k/rate after the first (timers may fire late, never early).
    for (let i = 0; i < at.length; i++) expect(at[i]!).toBeGreaterThanOrEqual(i * 50 - 2);
  });
});
