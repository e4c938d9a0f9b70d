// 'Virtual Background' in the employee portal (issue 22 §4): a 1920×1080 image in the company brand with the person,
// the logo and a QR code of their card (marked as a background scan) for Zoom, Teams or Meet. This shell is all the
// portal's first JS carries; the layout choice, the previews and the drawing code load when the section comes within a
// quarter screen of the viewport (drawing the three previews is long main-thread work: not part of the portal's first
// load, two screens above it on a phone).
import type { Employee, MyEmployee } from '@shared/schemas/employee';
import { MonitorSmartphone } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { useNearViewport } from '@web/lib/use-near-viewport';

const BackgroundChooser = lazy(() => import('./background-chooser'));

export function VirtualBackgroundSection({ employee, business }: { employee: Employee; business: MyEmployee['business'] }) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '25% 0px');
  if (!employee.card) return null;
  return (
    <Card ref={ref} role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2 text-lg">
          <MonitorSmartphone aria-hidden className="size-5" />
          Virtual Background
        </CardTitle>
        <CardDescription>
          A background for video calls with your name, title, company and a QR code of your card that people in the call can scan with their phone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {near ? (
          <Suspense fallback={<Spinner label="Loading the backgrounds…" />}>
            <BackgroundChooser employee={employee} business={business} />
          </Suspense>
        ) : (
          <Spinner label="Loading the backgrounds…" />
        )}
      </CardContent>
    </Card>
  );
}
