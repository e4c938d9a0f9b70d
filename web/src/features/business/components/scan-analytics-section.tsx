// The business's scans over time, by source and device, and its top cards (issue 11 §2).
import type { AnalyticsRange } from '@shared/schemas/analytics';
import { useState } from 'react';
import { Card } from '@web/components/card';
import { ScanAnalyticsView } from '@web/components/scan-analytics-view';
import { useBusinessScanAnalytics } from '@web/lib/scan-analytics';

export function ScanAnalyticsSection({ businessId }: { businessId: string }) {
  const [days, setDays] = useState<AnalyticsRange>(30);
  const query = useBusinessScanAnalytics(businessId, days);
  return (
    <section aria-labelledby="scan-analytics-heading" className="grid gap-3">
      <h2 id="scan-analytics-heading" className="text-lg font-semibold">
        Scan Analytics
      </h2>
      <Card className="p-4 sm:p-6">
        <ScanAnalyticsView query={query} days={days} onDaysChange={setDays} />
      </Card>
    </section>
  );
}
