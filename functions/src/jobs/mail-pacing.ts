// SES pacing for the billing worker: SES refuses mail sent faster than the account's MaxSendRate, so each worker
// invocation sends at most (MaxSendRate × share) / maxConcurrency mails a second, and the deployed event source never
// runs more than maxConcurrency invocations: together they stay under the quota (docs/decisions.md has the arithmetic).
import { ses } from '../adapters/mail';
import { sesSdk } from '../adapters/sdk';
import { logger } from '../lib/logger';
import { billingFanOut } from './billing-fan-out';

/** The account's quota is read at most this often per container. */
const QUOTA_TTL_MS = 10 * 60 * 1000;
let quota: { rate: number; readAt: number } | undefined;

/** SES's MaxSendRate (mails per second) from GetAccount, cached; the fallback rate when it cannot be read. */
export async function accountSendRate(now = Date.now()): Promise<number> {
  if (quota && now - quota.readAt < QUOTA_TTL_MS) return quota.rate;
  try {
    const { GetAccountCommand } = await sesSdk();
    const account = await (await ses()).send(new GetAccountCommand({}));
    const rate = account.SendQuota?.MaxSendRate;
    if (!rate || rate <= 0) throw new Error('GetAccount returned no MaxSendRate');
    quota = { rate, readAt: now };
  } catch (error) {
    logger.warn('SES quota unreadable; pacing at the fallback rate', { fallback: billingFanOut.fallbackSendRate, error: error as Error });
    quota = { rate: billingFanOut.fallbackSendRate, readAt: now };
  }
  return quota.rate;
}

/** Mails per second one worker invocation may send: the run's share of the quota, split over the concurrent invocations. */
export const perInvocationSendRate = (accountRate: number, maxConcurrency: number = billingFanOut.maxConcurrency) => (accountRate * billingFanOut.sendRateShare) / maxConcurrency;

/** Spaces calls to take() at least 1/rate seconds apart (no bursts). */
export class MailPacer {
  private nextAt = 0;
  constructor(private ratePerSecond: number) {}

  setRate(ratePerSecond: number) {
    this.ratePerSecond = ratePerSecond;
  }

  async take(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.ratePerSecond;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }
}

/**
 * One pacer per function instance. In AWS an instance runs one invocation at a time and has one log stream; the local
 * event source runs its concurrent invocations in one process and gives each its own log stream name, so keying by it
 * paces each local "instance" exactly as a container would be.
 */
const pacers = new Map<string, MailPacer>();
export async function pacerFor(instance: string): Promise<MailPacer> {
  const rate = perInvocationSendRate(await accountSendRate());
  const pacer = pacers.get(instance) ?? new MailPacer(rate);
  pacer.setRate(rate);
  pacers.set(instance, pacer);
  return pacer;
}
