import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordMetric, recordScanMetric } from './metrics';

/** What the function writes to stdout while `run` runs, one entry per line. */
function stdoutOf(run: () => void): string[] {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return written.join('').split('\n').filter(Boolean);
}

describe('business metrics (CloudWatch embedded metric format)', () => {
  beforeEach(() => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'CardCrew');
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'cardcrew-payments');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', '');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('writes one EMF line per event with the namespace, the service dimension, the unit and the value', () => {
    const lines = stdoutOf(() => recordMetric('InvoicesPaid', 1, 1_790_000_000_000));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      _aws: {
        Timestamp: 1_790_000_000_000,
        CloudWatchMetrics: [{ Namespace: 'CardCrew', Dimensions: [['service']], Metrics: [{ Name: 'InvoicesPaid', Unit: 'Count' }] }],
      },
      service: 'cardcrew-payments',
      InvoicesPaid: 1,
    });
  });

  it('carries a count other than one (a monthly run that created several invoices)', () => {
    const [line] = stdoutOf(() => recordMetric('InvoicesCreated', 7));
    expect(JSON.parse(line!)).toMatchObject({ InvoicesCreated: 7, _aws: { CloudWatchMetrics: [{ Metrics: [{ Name: 'InvoicesCreated' }] }] } });
  });

  it('counts a card scan for the card page Lambda', () => {
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'cardcrew-card-page');
    const [line] = stdoutOf(() => recordScanMetric(1_790_000_000_000));
    expect(JSON.parse(line!)).toMatchObject({ service: 'cardcrew-card-page', CardScans: 1, _aws: { Timestamp: 1_790_000_000_000 } });
  });

  it('writes nothing without a namespace (the local runtime) or when metrics are disabled', () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', '');
    expect(stdoutOf(() => recordMetric('SignUps'))).toEqual([]);
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'CardCrew');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    expect(stdoutOf(() => recordMetric('SignUps'))).toEqual([]);
  });

  it('never fails the caller when stdout cannot be written', () => {
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => {
      throw new Error('EPIPE');
    });
    try {
      expect(() => recordMetric('ContactsShared')).not.toThrow();
    } finally {
      spy.mockRestore();
    }
  });
});
