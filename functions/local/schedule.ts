// The EventBridge schedule, in-process: the monthly invoice job on the 1st of each month (UTC). The job is
// idempotent, so checking hourly and running on any hour of the 1st is safe.
import { generateMonthlyInvoices } from '../src/jobs/generate-monthly-invoices';

export function startMonthlySchedule(): () => void {
  const tick = () => {
    if (new Date().getUTCDate() === 1) generateMonthlyInvoices().catch((error) => console.error('monthly invoice job failed', error));
  };
  const timer = setInterval(tick, 60 * 60 * 1000);
  tick();
  return () => clearInterval(timer);
}
