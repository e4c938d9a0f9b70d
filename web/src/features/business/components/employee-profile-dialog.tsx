// The read-only Employee Profile dialog with its Business Card section (spec 2 'Employee Profile dialog').
import { messages } from '@shared/messages';
import type { Employee } from '@shared/schemas/employee';
import { ExternalLink, QrCode } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@web/components/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/dialog';
import { Spinner } from '@web/components/spinner';
import { useGenerateCardQr } from '../api/generate-card-qr';
import { Avatar } from './avatar';
import { StatusBadge } from './status-badge';

interface Props {
  businessId: string;
  /** The employee to show; null closes the dialog. */
  employee: Employee | null;
  onOpenChange: (open: boolean) => void;
}

export function EmployeeProfileDialog({ businessId, employee, onOpenChange }: Props) {
  return (
    <Dialog open={employee !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {employee && <ProfileBody businessId={businessId} employee={employee} />}
      </DialogContent>
    </Dialog>
  );
}

function ProfileBody({ businessId, employee }: { businessId: string; employee: Employee }) {
  return (
    <>
      <DialogHeader>
        <div className="flex items-center gap-3">
          <Avatar name={employee.name} src={employee.photoUrl} />
          <div className="min-w-0">
            <DialogTitle className="truncate">{employee.name}</DialogTitle>
            <DialogDescription>Employee Profile</DialogDescription>
          </div>
        </div>
      </DialogHeader>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label="Full Name">{employee.name}</Field>
          <Field label="Email">
            <a href={`mailto:${employee.email}`} className="break-all text-secondary underline-offset-4 hover:underline">
              {employee.email}
            </a>
          </Field>
          <Field label="Office Phone">{employee.officePhone}</Field>
          <Field label="Mobile Phone">{employee.mobilePhone}</Field>
          <Field label="Job Title">{employee.jobTitle}</Field>
          <Field label="Department">{employee.department}</Field>
          <Field label="LinkedIn Profile">
            {employee.linkedinProfile && (
              <a href={employee.linkedinProfile} target="_blank" rel="noreferrer" className="break-all text-secondary underline-offset-4 hover:underline">
                {employee.linkedinProfile}
              </a>
            )}
          </Field>
          <Field label="Role">{employee.role === 'owner' ? 'Owner' : 'Employee'}</Field>
          <Field label="Status">
            <StatusBadge status={employee.status} />
          </Field>
        </dl>

        <section aria-labelledby="business-card-heading" className="grid content-start gap-3 rounded-lg border p-4 md:w-64">
          <h3 id="business-card-heading" className="font-semibold">
            Business Card
          </h3>
          <BusinessCardSection businessId={businessId} employee={employee} />
        </section>
      </div>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

function BusinessCardSection({ businessId, employee }: { businessId: string; employee: Employee }) {
  const generate = useGenerateCardQr(businessId);
  const card = employee.card;

  if (!card) return <p className="text-sm text-muted-foreground">No business card found</p>;

  if (!card.qrCodeUrl) {
    return (
      <div className="grid justify-items-center gap-3 text-center">
        <QrCode aria-hidden className="size-12 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">QR code not yet generated</p>
        <Button
          size="sm"
          disabled={generate.isPending}
          onClick={() =>
            generate.mutate(card.id, {
              onSuccess: () => toast.success(messages.employee.qrGenerated),
              onError: (error) => toast.error('Error', { description: messages.employee.qrFailed(error.message) }),
            })
          }
        >
          {generate.isPending ? <Spinner label="Generating QR code…" className="[&_svg]:size-4 [&_svg]:text-current" /> : <QrCode aria-hidden />}
          Generate QR Code
        </Button>
      </div>
    );
  }

  return (
    <figure className="grid justify-items-center gap-2 text-center">
      <img
        src={card.qrCodeUrl}
        alt={`QR code for ${employee.name}'s business card`}
        width={200}
        height={200}
        className="size-48 rounded-md border bg-white p-2"
      />
      <figcaption className="text-sm text-muted-foreground">Scan to view business card</figcaption>
      <a
        href={`/card/${encodeURIComponent(card.id)}`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-secondary underline-offset-4 hover:underline"
      >
        View public card
        <ExternalLink aria-hidden className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </figure>
  );
}
