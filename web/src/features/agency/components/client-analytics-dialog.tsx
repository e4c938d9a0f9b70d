// The Analytics button (issue 9 §5, issue 11 §2): the business dashboard's scan analytics of a client, in a dialog.
import type { AnalyticsRange } from '@shared/schemas/analytics';
import type { AgencyClientSummary } from '@shared/schemas/agency';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/dialog';
import { ScanAnalyticsView } from '@web/components/scan-analytics-view';
import { useBusinessScanAnalytics } from '@web/lib/scan-analytics';

export function ClientAnalyticsDialog({ client, onOpenChange }: { client: AgencyClientSummary | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={client !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{client ? `${client.name}: card scans` : 'Card scans'}</DialogTitle>
          <DialogDescription>Scans of this client’s business cards per day (UTC), by source and device, and the top cards.</DialogDescription>
        </DialogHeader>
        {client && <Analytics businessId={client.id} />}
      </DialogContent>
    </Dialog>
  );
}

function Analytics({ businessId }: { businessId: string }) {
  const [days, setDays] = useState<AnalyticsRange>(30);
  return <ScanAnalyticsView query={useBusinessScanAnalytics(businessId, days)} days={days} onDaysChange={setDays} />;
}
