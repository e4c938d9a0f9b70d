// The dashboard's 'Activity' button: opens the audit log (issue 23 §3), whose code loads on the first click.
import { History } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@web/components/button';

const ActivityDialog = lazy(() => import('./activity-dialog'));

export function ActivityButton({ businessId, businessName }: { businessId: string; businessName: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <History aria-hidden />
        Activity
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ActivityDialog businessId={businessId} businessName={businessName} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
