// The EventBridge schedules, in-process: the billing planner on the 1st of each month (UTC) — once per local start and
// day, since a scheduled run starts a new run record — with its hourly check of unfinished runs, and the dunning job
// once a day, and the daily close of scan counts (issue 25 §2) at start and on each new UTC day. Billing is idempotent per payer and month (the guard), so a run started again bills nobody twice.
import { runDunning } from '../src/jobs/dunning';
import { checkUnfinishedRuns, startScheduledRun } from '../src/jobs/plan-monthly-run';
import { closeScanDays } from '../src/scan-totals/close';

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

/** Closes the ended days of scan counts at start and then on the first check (every 10 minutes) of each new UTC day. */
export function startDailyScanClose(): () => void {
  let lastRun = '';
  const tick = () => {
    const today = new Date().toISOString().slice(0, 10);
    if (today === lastRun) return;
    lastRun = today;
    closeScanDays().catch((error) => console.error('scan close failed', error));
  };
  const timer = setInterval(tick, 10 * 60 * 1000);
  tick();
  return () => clearInterval(timer);
}
