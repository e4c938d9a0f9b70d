// The Agency Settings dialog (spec 2 §2, §5, §8): the agency's information, billing address, brand colours (its
// pages take them, with the three-stop gradient) and logo by URL or upload. The first save creates the agency.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import {
  agencySettingsSchema,
  type Agency,
  type AgencySettings,
  type AgencySettingsInput,
} from '@shared/schemas/agency';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { BillingAddressFieldset, BrandColorsFieldset, LogoFieldset } from '@web/components/brand-fieldsets';
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
import { AGENCY_UPLOADS_PATH, ImageUploadField } from '@web/components/image-upload-field';
import { Input } from '@web/components/input';
import { Textarea } from '@web/components/textarea';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { CustomDomainSection } from '@web/features/custom-domains/components/custom-domain-section';
import { SendingDomainSection } from '@web/features/sending-domain/components/sending-domain-section';
import { PaymentsSection } from '@web/features/stripe-connect/components/payments-section';
import { agencyKeys } from '../api/get-agency-dashboard';
import { useSaveAgencySettings } from '../api/save-agency-settings';

const fields = [
  'name',
  'industry',
  'description',
  'website',
  'phoneNumber',
  'email',
  'logoUrl',
  'billingAddress',
  'billingCity',
  'billingPostalCode',
  'billingCountry',
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'whiteLabelName',
  'supportEmail',
  'supportUrl',
] as const satisfies readonly FieldPath<AgencySettingsInput>[];

function formOf(agency: Agency | null): AgencySettingsInput {
  return { ...(Object.fromEntries(fields.map((field) => [field, agency?.[field] ?? ''])) as Omit<AgencySettingsInput, 'whiteLabel'>), whiteLabel: agency?.whiteLabel ?? false };
}

/** Spec 2 §8: the save failure messages, agency wording. */
function saveFailure(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 403) return messages.agency.permissionDenied;
  if (status === 400) return messages.agency.invalidData;
  if (status >= 400 && status < 500) return messages.agency.updateFailed((error as Error).message);
  return messages.agency.updateFailedGeneric;
}

export function AgencySettingsDialog({
  agency,
  open,
  onOpenChange,
}: {
  agency: Agency | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Agency Settings</DialogTitle>
          <DialogDescription>Your agency’s details, billing address, brand colors and logo.</DialogDescription>
        </DialogHeader>
        {open && <SettingsForm agency={agency} onDone={() => onOpenChange(false)} />}
        {open && agency && <PaymentsSection agencyId={agency.id} />}
        {open && agency && <CustomDomainSection agencyId={agency.id} />}
        {open && agency && <SendingDomainSection agencyId={agency.id} />}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({ agency, onDone }: { agency: Agency | null; onDone: () => void }) {
  const save = useSaveAgencySettings();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AgencySettingsInput, unknown, AgencySettings>({
    resolver: zodResolver(agencySettingsSchema),
    defaultValues: formOf(agency),
  });
  const logoUrl = useWatch({ control, name: 'logoUrl' });
  const whiteLabel = useWatch({ control, name: 'whiteLabel' });

  const onSubmit = handleSubmit(async (settings) => {
    try {
      await save.mutateAsync(settings);
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      toast.error('Error', { description: saveFailure(error) });
      return;
    }
    toast.success(messages.company.settingsUpdated);
    onDone();
  });
  const busy = isSubmitting || save.isPending;
  const err = (field: (typeof fields)[number]) => errors[field]?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-busy={busy}>
      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold">Agency Information</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Agency Name" required error={err('name')}>
            <Input autoComplete="organization" {...register('name')} />
          </FormField>
          <FormField label="Industry" error={err('industry')}>
            <Input autoComplete="off" {...register('industry')} />
          </FormField>
          <FormField label="Website" error={err('website')}>
            <Input type="url" inputMode="url" placeholder="https://…" autoComplete="url" {...register('website')} />
          </FormField>
          <FormField label="Phone Number" error={err('phoneNumber')}>
            <Input type="tel" inputMode="tel" autoComplete="tel" {...register('phoneNumber')} />
          </FormField>
          <FormField label="Email" error={err('email')} className="sm:col-span-2">
            <Input type="email" inputMode="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField label="Description" error={err('description')} className="sm:col-span-2">
            <Textarea rows={3} {...register('description')} />
          </FormField>
        </div>
      </fieldset>

      <BillingAddressFieldset
        register={register}
        errors={{
          billingAddress: err('billingAddress'),
          billingCity: err('billingCity'),
          billingPostalCode: err('billingPostalCode'),
          billingCountry: err('billingCountry'),
        }}
      />

      <BrandColorsFieldset
        control={control}
        register={register}
        errors={{
          primaryColor: err('primaryColor'),
          secondaryColor: err('secondaryColor'),
          accentColor: err('accentColor'),
        }}
      />

      <LogoFieldset
        legend="Agency Logo"
        urlField={register('logoUrl')}
        error={err('logoUrl')}
        currentUrl={logoUrl || null}
        uploadsPath={AGENCY_UPLOADS_PATH}
        uploadUnavailable={agency ? undefined : 'Save your agency settings first; then you can upload a logo here.'}
        onUploaded={(url) => {
          // The confirm call already stored the logo; keep the form in step.
          setValue('logoUrl', url, { shouldDirty: false });
          void queryClient.invalidateQueries({ queryKey: agencyKeys.dashboard });
        }}
      />

      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold">White-label</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" role="switch" className="size-4 accent-primary" {...register('whiteLabel')} />
          Show my agency’s brand to my clients instead of CardCrew’s
        </label>
        <p className="text-sm text-muted-foreground">
          Your clients and their employees see your name and logo, and every mail to them comes from your name with replies going to your support
          email. Their own logos and colors stay on their cards.
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Display Name" error={err('whiteLabelName')} hint="Your agency name when empty">
            <Input autoComplete="off" placeholder={agency?.name ?? ''} {...register('whiteLabelName')} />
          </FormField>
          <FormField label="Support Email" required={whiteLabel} error={err('supportEmail')}>
            <Input type="email" inputMode="email" autoComplete="email" {...register('supportEmail')} />
          </FormField>
          <FormField label="Support Website" error={err('supportUrl')} className="sm:col-span-2">
            <Input type="url" inputMode="url" placeholder="https://…" autoComplete="url" {...register('supportUrl')} />
          </FormField>
        </div>
        {agency && (
          <div className="grid gap-1">
            <ImageUploadField
              uploadsPath={AGENCY_UPLOADS_PATH}
              purpose="favicon"
              label="Favicon"
              currentUrl={agency.faviconUrl}
              onUploaded={() => void queryClient.invalidateQueries({ queryKey: agencyKeys.dashboard })}
            />
            <p className="text-sm text-muted-foreground">{agency.faviconUploaded ? messages.agency.faviconOwn : messages.agency.faviconFromLogo}</p>
          </div>
        )}
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Settings'}
        </Button>
      </DialogFooter>
    </form>
  );
}
