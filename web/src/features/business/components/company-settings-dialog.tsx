// The Company Settings dialog (spec 2 §2, §5, §8): Company Information, Billing Information, Brand Colors with a
// swatch preview, Company Logo by URL or upload, and Email Signature (issue 22 §3). Saving re-themes the dashboard and
// every public card at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import {
  businessSettingsSchema,
  type Business,
  type BusinessSettings,
  type BusinessSettingsInput,
} from '@shared/schemas/business';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
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
import { Input } from '@web/components/input';
import { Textarea } from '@web/components/textarea';
import { apiRequest, isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { businessSchema } from '@shared/schemas/business';
import { businessUploadsPath } from '@web/components/image-upload-field';
import { BillingAddressFieldset, BrandColorsFieldset, LogoFieldset } from '@web/components/brand-fieldsets';
import { dashboardKeys, useDashboard } from '../api/get-dashboard';
import { SignatureSettingsFieldset } from '@web/features/email-signature/components/signature-settings-fieldset';
import { emailSignatureKeys } from '@web/features/email-signature/api/get-email-signature';
import { DirectorySyncSection } from '@web/features/directory-sync/components/directory-sync-section';
import { SsoSection } from '@web/features/sso/components/sso-section';
import { WebhooksSection } from '@web/features/webhooks/components/webhooks-section';
import { LeaverDefaultsSection } from '@web/features/leavers/components/leaver-defaults-section';
import { DepartmentsSection } from '@web/features/departments/components/departments-section';
import { CardDesignFieldset } from '@web/features/card-design/components/card-design-fieldset';
import type { Employee } from '@shared/schemas/employee';

const fields = [
  'name',
  'industry',
  'description',
  'website',
  'logoUrl',
  'billingEmail',
  'billingAddress',
  'billingCity',
  'billingPostalCode',
  'billingCountry',
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'signatureDisclaimer',
] as const satisfies readonly FieldPath<BusinessSettingsInput>[];

function formOf(b: Business): BusinessSettingsInput {
  return {
    name: b.name,
    industry: b.industry ?? '',
    description: b.description ?? '',
    website: b.website ?? '',
    logoUrl: b.logoUrl ?? '',
    billingEmail: b.billingEmail ?? '',
    billingAddress: b.billingAddress ?? '',
    billingCity: b.billingCity ?? '',
    billingPostalCode: b.billingPostalCode ?? '',
    billingCountry: b.billingCountry ?? '',
    primaryColor: b.primaryColor ?? '',
    secondaryColor: b.secondaryColor ?? '',
    accentColor: b.accentColor ?? '',
    signatureFields: b.signatureFields,
    cardPageQr: b.cardPageQr,
    signatureDisclaimer: b.signatureDisclaimer ?? '',
    cardDesign: { ...b.cardDesign, coverUrl: b.cardDesign.coverUrl ?? '' },
  };
}

function useSaveSettings(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BusinessSettings) =>
      apiRequest(`/api/businesses/${encodeURIComponent(businessId)}`, {
        method: 'PUT',
        body: settings,
        schema: businessSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId) }),
        queryClient.invalidateQueries({ queryKey: emailSignatureKeys.all }),
      ]),
  });
}

export function CompanySettingsDialog({
  business,
  open,
  onOpenChange,
}: {
  business: Business;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Company Settings</DialogTitle>
          <DialogDescription>Your company’s details, billing information, brand colors, logo, card design, e-mail signatures and departments.</DialogDescription>
        </DialogHeader>
        {open && <SettingsForm business={business} onDone={() => onOpenChange(false)} />}
        {open && <DepartmentsSection businessId={business.id} />}
        {open && <DirectorySyncSection businessId={business.id} />}
        {open && <LeaverDefaultsSection businessId={business.id} />}
        {open && <SsoSection businessId={business.id} businessName={business.name} />}
        {open && <WebhooksSection businessId={business.id} />}
      </DialogContent>
    </Dialog>
  );
}

/** The dashboard's employees as loaded (cached): the card design preview shows one of them. */
const NO_EMPLOYEES: readonly Employee[] = [];

function SettingsForm({ business, onDone }: { business: Business; onDone: () => void }) {
  const save = useSaveSettings(business.id);
  const employees = useDashboard(business.id).data?.employees ?? NO_EMPLOYEES;
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BusinessSettingsInput, unknown, BusinessSettings>({
    resolver: zodResolver(businessSettingsSchema),
    defaultValues: formOf(business),
  });
  const logoUrl = useWatch({ control, name: 'logoUrl' });

  const onSubmit = handleSubmit(async (settings) => {
    try {
      await save.mutateAsync(settings);
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      const status = isApiError(error) ? error.status : 0;
      const description =
        status === 403
          ? messages.company.permissionDenied
          : status === 400
            ? messages.company.invalidData
            : status >= 400 && status < 500
              ? messages.company.updateFailed((error as Error).message)
              : messages.company.updateFailedGeneric;
      toast.error('Error', { description });
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
        <legend className="mb-2 font-semibold">Company Information</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Company Name" required error={err('name')}>
            <Input autoComplete="organization" {...register('name')} />
          </FormField>
          <FormField label="Industry" error={err('industry')}>
            <Input autoComplete="off" {...register('industry')} />
          </FormField>
          <FormField label="Website" error={err('website')} className="sm:col-span-2">
            <Input type="url" inputMode="url" placeholder="https://…" autoComplete="url" {...register('website')} />
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
        before={
          <FormField label="Billing Email" error={err('billingEmail')} className="sm:col-span-2">
            <Input type="email" inputMode="email" autoComplete="email" {...register('billingEmail')} />
          </FormField>
        }
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
        legend="Company Logo"
        urlField={register('logoUrl')}
        error={err('logoUrl')}
        currentUrl={logoUrl || null}
        uploadsPath={businessUploadsPath(business.id)}
        onUploaded={(url) => {
          // The confirm call already stored the logo (and every card shows it); keep the form in step.
          setValue('logoUrl', url, { shouldDirty: false });
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(business.id) });
        }}
      />

      <CardDesignFieldset
        businessId={business.id}
        control={control}
        register={register}
        employees={employees}
        uploadsPath={businessUploadsPath(business.id)}
        onCoverUploaded={(url) => {
          // The confirm call already stored the cover on the saved design; the form's (maybe unsaved) layout stays.
          setValue('cardDesign.coverUrl', url, { shouldDirty: false });
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(business.id) });
        }}
      />

      <SignatureSettingsFieldset register={register} error={err('signatureDisclaimer')} />

      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">Public Card</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...register('cardPageQr')} />
          <span>Show a small QR code on every public card, so that whoever has a card open can let someone else scan it</span>
        </label>
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
