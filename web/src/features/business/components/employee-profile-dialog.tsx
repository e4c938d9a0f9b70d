// The Employee Profile dialog (spec 2): a read-only view with Edit and Send Invite; Edit mode with every profile field,
// Role and Status; the Business Card section in its three states (QR, no QR yet, no card); and for an employee with a
// card, the Email Signature section (issue 22 §3).
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import {
  employeeUpdateSchema,
  type Employee,
  type EmployeeUpdate,
  type EmployeeUpdateInput,
} from '@shared/schemas/employee';
import { CreditCard, ExternalLink, Mail, Pencil, QrCode } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CardExtrasFieldset, cardExtrasFormOf } from '@web/components/card-extras-fieldset';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { EmployeeProfileFields } from '@web/components/employee-profile-fields';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { getConfig } from '@web/lib/config';
import { AddToAppleWalletButton } from '@web/features/apple-wallet/components/add-to-apple-wallet-button';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useCreateCard, useSendInvitation, useUpdateEmployee } from '../api/employee-mutations';
import { useGenerateCardQr } from '../api/generate-card-qr';
import { dashboardKeys } from '../api/get-dashboard';
import { useQueryClient } from '@tanstack/react-query';
import { businessUploadsPath, ImageUploadField } from '@web/components/image-upload-field';
import { Avatar } from '@web/components/avatar';
import { StatusBadge } from './status-badge';
import { RoleField, roleBadgeOf } from './role-field';
import { businessRoleMessages } from '@shared/messages/business-roles';
import { EmailSignatureSection } from '@web/features/email-signature/components/email-signature-section';
import { DeactivateDialog } from '@web/features/leavers/components/deactivate-dialog';
import { LeaverActions } from '@web/features/leavers/components/leaver-actions';
import { useDepartments } from '@web/features/departments/api/departments';

interface Props {
  businessId: string;
  /** The employee to show; null closes the dialog. */
  employee: Employee | null;
  onOpenChange: (open: boolean) => void;
}

export function EmployeeProfileDialog({ businessId, employee, onOpenChange }: Props) {
  const [editing, setEditing] = useState(false);
  return (
    <Dialog
      open={employee !== null}
      onOpenChange={(open) => {
        if (!open) setEditing(false);
        onOpenChange(open);
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {employee &&
          (editing ? (
            <EditProfile businessId={businessId} employee={employee} onDone={() => setEditing(false)} />
          ) : (
            <ProfileBody businessId={businessId} employee={employee} onEdit={() => setEditing(true)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function ProfileHeader({ employee, description }: { employee: Employee; description: string }) {
  return (
    <DialogHeader>
      <div className="flex items-center gap-3">
        <Avatar name={employee.name} src={employee.photoUrl} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle className="truncate">{employee.name}</DialogTitle>
            {roleBadgeOf(employee.role) && <Badge variant="default">{roleBadgeOf(employee.role)}</Badge>}
          </div>
          <DialogDescription>{description}</DialogDescription>
        </div>
      </div>
    </DialogHeader>
  );
}

function ProfileBody({ businessId, employee, onEdit }: { businessId: string; employee: Employee; onEdit: () => void }) {
  const invite = useSendInvitation(businessId);
  return (
    <>
      <ProfileHeader employee={employee} description="Employee Profile" />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={invite.isPending}
          onClick={() =>
            invite.mutate(employee.id, {
              onSuccess: ({ sentTo }) =>
                toast.success(messages.invitation.sentTitle, {
                  description: `We sent ${employee.name} an invitation at ${sentTo}.`,
                }),
              onError: (error) =>
                toast.error('Error', {
                  description:
                    isApiError(error) && error.status >= 400 && error.status < 500
                      ? error.message
                      : messages.invitation.sendFailed,
                }),
            })
          }
        >
          {invite.isPending ? (
            <Spinner label="Sending invitation…" className="[&_svg]:size-4 [&_svg]:text-current" />
          ) : (
            <Mail aria-hidden />
          )}
          Send Invite
        </Button>
        <LeaverActions businessId={businessId} employee={employee} />
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label="Full Name">{employee.name}</Field>
          <Field label="Email">
            <a
              href={`mailto:${employee.email}`}
              className="break-all text-secondary underline-offset-4 hover:underline"
            >
              {employee.email}
            </a>
          </Field>
          <Field label="Office Phone">{employee.officePhone}</Field>
          <Field label="Mobile Phone">{employee.mobilePhone}</Field>
          <Field label="Job Title">{employee.jobTitle}</Field>
          <Field label="Department">{employee.department}</Field>
          <Field label="LinkedIn Profile">
            {employee.linkedinProfile && (
              <a
                href={employee.linkedinProfile}
                target="_blank"
                rel="noreferrer"
                className="break-all text-secondary underline-offset-4 hover:underline"
              >
                {employee.linkedinProfile}
              </a>
            )}
          </Field>
          <Field label="Role">{businessRoleMessages.labels[employee.role]}</Field>
          <Field label="Status">
            <StatusBadge status={employee.status} />
          </Field>
        </dl>

        <section
          aria-labelledby="business-card-heading"
          className="grid content-start gap-3 rounded-lg border p-4 md:w-64"
        >
          <h3 id="business-card-heading" className="font-semibold">
            Business Card
          </h3>
          <BusinessCardSection businessId={businessId} employee={employee} />
        </section>
      </div>
      {employee.card && (
        <EmailSignatureSection
          cardId={employee.card.id}
          version={JSON.stringify(employee)}
          headingAs="h3"
          owner={employee.name}
        />
      )}
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

  if (!card) return <CreateCard businessId={businessId} employeeId={employee.id} />;

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
          {generate.isPending ? (
            <Spinner label="Generating QR code…" className="[&_svg]:size-4 [&_svg]:text-current" />
          ) : (
            <QrCode aria-hidden />
          )}
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
      {card.isActive && getConfig().wallets.apple && <AddToAppleWalletButton cardId={card.id} size="sm" />}
    </figure>
  );
}

function CreateCard({ businessId, employeeId }: { businessId: string; employeeId: string }) {
  const create = useCreateCard(businessId);
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <CreditCard aria-hidden className="size-12 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">No business card found</p>
      <Button
        size="sm"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(employeeId, {
            onSuccess: () => toast.success(messages.employee.cardCreated),
            onError: (error) =>
              toast.error('Error', {
                description:
                  isApiError(error) && error.status >= 400 && error.status < 500
                    ? error.message
                    : messages.employee.createCardFailed,
              }),
          })
        }
      >
        {create.isPending ? (
          <Spinner label="Creating business card…" className="[&_svg]:size-4 [&_svg]:text-current" />
        ) : (
          <CreditCard aria-hidden />
        )}
        Create Business Card
      </Button>
    </div>
  );
}

const editFields = [
  'name',
  'email',
  'officePhone',
  'mobilePhone',
  'jobTitle',
  'department',
  'linkedinProfile',
  'role',
  'status',
] as const satisfies readonly FieldPath<EmployeeUpdateInput>[];

function editFormOf(employee: Employee): EmployeeUpdateInput {
  return {
    name: employee.name,
    email: employee.email,
    officePhone: employee.officePhone ?? '',
    mobilePhone: employee.mobilePhone ?? '',
    jobTitle: employee.jobTitle ?? '',
    department: employee.department ?? '',
    linkedinProfile: employee.linkedinProfile ?? '',
    cardExtras: cardExtrasFormOf(employee.cardExtras),
    role: employee.role,
    status: employee.status,
  };
}

/** Edit mode: every field of spec 2, Role and Status. Saving sets the card active exactly when the status is. */
function EditProfile({ businessId, employee, onDone }: { businessId: string; employee: Employee; onDone: () => void }) {
  const update = useUpdateEmployee(businessId);
  const departments = useDepartments(businessId);
  const queryClient = useQueryClient();
  const form = useForm<EmployeeUpdateInput, unknown, EmployeeUpdate>({
    resolver: zodResolver(employeeUpdateSchema),
    defaultValues: editFormOf(employee),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const role = useWatch({ control, name: 'role' });

  // Saving an active or draft employee as Inactive is leaving (issue 23 §2): the deactivate dialog says what will happen,
  // then saves the other fields and runs the leaver flow.
  const [leaving, setLeaving] = useState<EmployeeUpdate | null>(null);
  const onSubmit = handleSubmit(async (input) => {
    if (input.status === 'inactive' && employee.status !== 'inactive') {
      setLeaving(input);
      return;
    }
    try {
      await update.mutateAsync({ employeeId: employee.id, input });
    } catch (error) {
      if (applyFieldErrors(error, setError, editFields)) return;
      if (isApiError(error) && error.status === 401) {
        toast.error(messages.employee.authErrorTitle, { description: messages.employee.mustBeLoggedIn });
      } else {
        const detail =
          isApiError(error) && error.status >= 400 && error.status < 500
            ? error.message
            : messages.employee.updateFailed;
        toast.error(messages.employee.updateFailedTitle, { description: detail });
      }
      return;
    }
    toast.success('Profile Updated', { description: `${input.name}'s profile has been saved.` });
    onDone();
  });
  const busy = isSubmitting || update.isPending;
  const err = (field: (typeof editFields)[number]) => errors[field]?.message;

  return (
    <>
      <ProfileHeader employee={employee} description="Edit Employee Profile" />
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <EmployeeProfileFields departments={departments.data?.departments.map((d) => d.name)} />
            <div className="sm:col-span-2">
              <ImageUploadField
                uploadsPath={businessUploadsPath(businessId)}
                purpose="photo"
                employeeId={employee.id}
                label="Employee Photo"
                currentUrl={employee.photoUrl}
                onUploaded={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId) })}
              />
            </div>
            <RoleField registration={register('role')} value={role} initial={employee.role} error={err('role')} />
            <FormField
              label="Status"
              error={err('status')}
              hint="Only an Active employee’s card is shown to the public."
            >
              <NativeSelect {...register('status')}>
                <option value="draft">Draft</option>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </NativeSelect>
            </FormField>
            <CardExtrasFieldset />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </FormProvider>
      <DeactivateDialog
        businessId={businessId}
        employee={employee}
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        beforeDeactivate={async () => {
          if (leaving)
            await update.mutateAsync({ employeeId: employee.id, input: { ...leaving, status: employee.status } });
        }}
        onDeactivated={onDone}
      />
    </>
  );
}
