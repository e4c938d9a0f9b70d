// The EventBridge schedules, in-process: the monthly invoice job on the 1st of each month (UTC) and the dunning job
// once a day. Both jobs are idempotent, so checking hourly and running on any hour of the day is safe.
import { runDunning } from '../src/jobs/dunning';
import { generateMonthlyInvoices } from '../src/jobs/generate-monthly-invoices';

export function startMonthlySchedule(): () => void {
  const tick = () => {
    if (new Date().getUTCDate() === 1) generateMonthlyInvoices().catch((error) => console.error('monthly invoice job failed', error));
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
