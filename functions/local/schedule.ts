// The EventBridge schedules, in-process: the billing planner on the 1st of each month (UTC) — once per local start and
// day, since a scheduled run starts a new run record — with its hourly check of unfinished runs, and the dunning job
// once a day, and the daily close of scan counts (its planner) at start and on each new UTC day. Billing is idempotent per payer and month (the guard), so a run started again bills nobody twice.
import { runDunning } from '../src/jobs/dunning';
import { checkUnfinishedRuns, startScheduledRun } from '../src/jobs/plan-monthly-run';
import { planScanClose } from '../src/scan-totals/plan-scan-close';

export function startMonthlySchedule(): () => void {
  let lastRun = '';
  const tick = () => {
    const today = new Date().toISOString().slice(0, 10);
    if (new Date().getUTCDate() === 1 && today !== lastRun) {
      lastRun = today;
      startScheduledRun().catch((error) => console.error('monthly billing run failed to start', error));
    }
    checkUnfinishedRuns().catch((error) => console.error('billing run check failed', error));
  };
  const timer = setInterval(tick, 60 * 60 * 1000);
  tick();
  return () => clearInterval(timer);
}

/** Runs the dunning job at start and then on the first hourly check of each new UTC day. */
export function startDailyDunningSchedule(): () => void {
  let lastRun = '';
  const tick = () => {
    const today = new Date().toISOString().slice(0, 10);
    if (today === lastRun) return;
    lastRun = today;
    runDunning().catch((error) => console.error('dunning job failed', error));
  };
  const timer = setInterval(tick, 60 * 60 * 1000);
  tick();
  return () => clearInterval(timer);
}

/**
 * Plans the close of the ended days of scan counts at start and then on the first check (every 10 minutes) of each new
 * UTC day; the scan close worker (fan-out-queues.ts) closes the queued businesses.
 */
export function startDailyScanClose(): () => void {
  let lastRun = '';
  const tick = () => {
    const today = new Date().toISOString().slice(0, 10);
    if (today === lastRun) return;
    lastRun = today;
    planScanClose().catch((error: unknown) => console.error('scan close failed to start', error));
  };
  const timer = setInterval(tick, 10 * 60 * 1000);
  tick();
  return () => clearInterval(timer);
}
