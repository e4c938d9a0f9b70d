// /business-onboarding and /business/onboarding (spec 1 §2 'Business onboarding'): the business setup form.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { businessFormSchema, type BusinessForm, type BusinessFormInput } from '@shared/schemas/business';
import { Building2, MailCheck } from 'lucide-react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Textarea } from '@web/components/textarea';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { RequireAuth } from '@web/features/auth/require-auth';
import { useSession } from '@web/features/auth/session-provider';
import { destinationPaths } from '@web/lib/signed-in-destination';
import { useCreateBusiness } from '../api/create-business';
import { CountryField } from '@web/components/country-field';

const fields = [
  'name',
  'industry',
  'website',
  'description',
  'billingEmail',
  'billingAddress',
  'billingCity',
  'billingCountry',
  'billingPostalCode',
] as const satisfies readonly FieldPath<BusinessFormInput>[];

export function BusinessOnboardingPage() {
  return (
    <RequireAuth>
      <BusinessOnboarding />
    </RequireAuth>
  );
}

function BusinessOnboarding() {
  const { user, me } = useSession();
  if (!user) return null; // RequireAuth guarantees a user
  // Only a person with no business, agency or employee record who is not a leaver sets up a business (/api/me decides).
  if (me && me.destination !== 'business-onboarding') return <Navigate to={destinationPaths[me.destination]} replace />;
  if (!user.emailVerified) return <ConfirmYourEmail />;
  // Spec 2 gate: business owners who already have a business belong on the dashboard.
  if (me?.businessId) return <Navigate to="/business" replace />;
  return <BusinessSetupForm defaultEmail={user.email} />;
}

function ConfirmYourEmail() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4 py-8">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <MailCheck aria-hidden className="mx-auto size-10 text-secondary" />
          <CardTitle as="h1" className="text-2xl">
            Confirm Your Email
          </CardTitle>
          <CardDescription>{messages.auth.checkEmail}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            className="w-full"
            onClick={async () => {
              if (await signOut()) navigate('/auth');
            }}
          >
            Back to Sign In
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}

function BusinessSetupForm({ defaultEmail }: { defaultEmail: string }) {
  const { refreshMe } = useSession();
  const navigate = useNavigate();
  const createBusiness = useCreateBusiness();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BusinessFormInput, unknown, BusinessForm>({
    resolver: zodResolver(businessFormSchema),
    defaultValues: {
      name: '',
      industry: '',
      website: '',
      description: '',
      billingEmail: defaultEmail,
      billingAddress: '',
      billingCity: '',
      billingCountry: '',
      billingPostalCode: '',
    },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await createBusiness.mutateAsync(input);
    } catch (error) {
      if (isApiError(error) && error.code === 'BILLING_EMAIL_TAKEN') {
        toast.error(messages.businessForm.emailTakenTitle, { description: messages.businessForm.emailTaken });
        setError('billingEmail', { type: 'server', message: messages.businessForm.emailTaken }, { shouldFocus: true });
        return;
      }
      if (applyFieldErrors(error, setError, fields)) return;
      const serverMessage = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : null;
      toast.error('Error', { description: serverMessage ?? messages.businessForm.saveFailed });
      return;
    }
    toast.success(messages.businessForm.saved);
    await refreshMe();
    navigate('/business', { replace: true });
  });

  const busy = isSubmitting || createBusiness.isPending;
  const err = (field: (typeof fields)[number]) => errors[field]?.message;

  return (
    <main className="min-h-dvh bg-muted px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <div className="mb-6 text-center">
          <Building2 aria-hidden className="mx-auto mb-3 size-10 text-secondary" />
          <h1 className="text-2xl font-bold sm:text-3xl">Welcome to CardCrew!</h1>
          <p className="mt-2 text-muted-foreground">Let&apos;s set up your business. Tell us about your company to get started.</p>
        </div>
        <Card>
          <form noValidate onSubmit={onSubmit} className="grid gap-8 p-4 sm:p-6" aria-busy={busy}>
            <section aria-labelledby="company-information" className="grid gap-4">
              <h2 id="company-information" className="text-lg font-semibold">
                Company Information
              </h2>
              <FormField label="Company Name" required error={err('name')}>
                <Input autoComplete="organization" {...register('name')} />
              </FormField>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <FormField label="Industry" error={err('industry')}>
                  <Input placeholder="e.g. Technology" {...register('industry')} />
                </FormField>
                <FormField label="Website" error={err('website')}>
                  <Input type="url" inputMode="url" autoComplete="url" placeholder="https://example.com" {...register('website')} />
                </FormField>
              </div>
              <FormField label="Company Description" error={err('description')}>
                <Textarea rows={3} {...register('description')} />
              </FormField>
            </section>

            <section aria-labelledby="billing-information" className="grid gap-4">
              <h2 id="billing-information" className="text-lg font-semibold">
                Billing Information
              </h2>
              <FormField label="Billing Email" required error={err('billingEmail')}>
                <Input type="email" inputMode="email" autoComplete="email" {...register('billingEmail')} />
              </FormField>
              <FormField label="Address" error={err('billingAddress')}>
                <Input autoComplete="street-address" {...register('billingAddress')} />
              </FormField>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <FormField label="City" required error={err('billingCity')}>
                  <Input autoComplete="address-level2" {...register('billingCity')} />
                </FormField>
                <CountryField label="Country" required error={err('billingCountry')} registration={register('billingCountry')} />
                <FormField label="Postal Code" required error={err('billingPostalCode')}>
                  <Input autoComplete="postal-code" {...register('billingPostalCode')} />
                </FormField>
              </div>
            </section>

            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Creating Business...' : 'Create Business'}
            </Button>
          </form>
        </Card>
      </div>
    </main>
  );
}
