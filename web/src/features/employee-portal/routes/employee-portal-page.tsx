// /employee-portal (spec 1 §2): for roles owner and employee (others go to /auth). The business header, the
// employee's profile with Edit Profile, their digital business card in every state, 'Email Signature' (issue 22 §3),
// 'Write to NFC tag' (issue 22 §6),
// their card's scans and contacts; the business's colours.
import { Briefcase, Home } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { messages } from '@shared/messages';
import { portalMessages } from '@shared/messages/portal';
import type { AnalyticsRange } from '@shared/schemas/analytics';
import type { MyEmployee } from '@shared/schemas/employee';
import type { AccessEnded as AccessEndedView } from '@shared/schemas/me';
import { destinationPaths } from '@web/lib/signed-in-destination';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { ScanAnalyticsView } from '@web/components/scan-analytics-view';
import { PageSpinner, Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useMyScanAnalytics } from '@web/lib/scan-analytics';
import { useBrandTheme } from '@web/lib/theme';
import { RequireAuth } from '@web/features/auth/require-auth';
import { useSession } from '@web/features/auth/session-provider';
import { keepLabel, keptLabel } from '@web/features/auth/kept-labels';
import { chromeColorsOf } from '@web/features/white-label/chrome-colors';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { Avatar } from '@web/components/avatar';
import { useMyEmployee } from '../api/my-employee';
import { useDeleteMyContact, useMyContacts } from '../api/my-contacts';
import { ContactsList } from '@web/components/contacts-list';
import { DigitalCardSection } from '../components/digital-card-section';
import { NfcTagSection } from '../components/nfc-tag-section';
import { ShareCardSection } from '../components/share-card-section';
import { EmailSignatureSection } from '@web/features/email-signature/components/email-signature-section';
import { MyPhotoField, ProfileSection } from '../components/profile-section';
import { DownloadCardButton } from '@web/features/card-image/download-card-button';
import { CenteredCard } from '@web/components/centered-card';
import { VirtualBackgroundSection } from '@web/features/virtual-background/virtual-background-section';

export function EmployeePortalPage() {
  return (
    <RequireAuth>
      <PortalGate />
    </RequireAuth>
  );
}

function PortalGate() {
  const { me } = useSession();
  // A leaver (issue 23 §2), however they signed in: /api/me says so, and the portal says why rather than sending them away.
  if (me?.destination === 'access-ended') return <AccessEnded view={me.accessEnded} />;
  if (me && me.role !== 'owner' && me.role !== 'employee') return <Navigate to={destinationPaths[me.destination]} replace />;
  return <Portal />;
}

/** 'Access Ended': the spec's message, the company the person left and whom there to contact, and Sign Out. */
function AccessEnded({ view }: { view: AccessEndedView | null }) {
  return (
    <CenteredCard title={messages.leavers.portalClosedTitle} description={messages.leavers.portalClosed}>
      <div className="grid gap-4 text-sm">
        {view?.businessName && <p>{messages.leavers.portalClosedCompany(view.businessName)}</p>}
        {view?.contactEmail && (
          <p>
            {messages.leavers.portalClosedContact}{' '}
            <a className="font-medium text-secondary underline underline-offset-4" href={`mailto:${view.contactEmail}`}>
              {view.contactName && view.contactName !== view.contactEmail ? `${view.contactName} (${view.contactEmail})` : view.contactEmail}
            </a>
          </p>
        )}
        <div>
          <SignOutButton />
        </div>
      </div>
    </CenteredCard>
  );
}

function Portal() {
  const query = useMyEmployee();
  // Drawn in a transition, in slices between the browser's other work (issue 25 §1); the frame stays until then.
  const data = useDeferredValue(query.data);
  if (query.isPending) return <PortalFrame />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProfileNotFound />;
    if (isApiError(query.error) && query.error.status === 403) {
      return (
        <CenteredCard title={messages.leavers.portalClosedTitle} description={query.error.message}>
          <SignOutButton />
        </CenteredCard>
      );
    }
    return (
      <CenteredCard title="Error" description={portalMessages.loadFailed}>
        <Button onClick={() => void query.refetch()}>Try Again</Button>
      </CenteredCard>
    );
  }
  if (data === undefined) return <PortalFrame />;
  return <PortalContent data={data} />;
}

function PortalContent({ data }: { data: MyEmployee }) {
  const { employee, business, isOwner } = data;
  // A white-labelled client's portal chrome takes its agency's colours (issue 21 §1); the card keeps the business's.
  const { me } = useSession();
  useBrandTheme(chromeColorsOf(business, me?.brand));
  // The welcome (the page's largest text) is drawn with the frame on the next visit.
  useEffect(() => keepLabel(me?.userId, 'employee:name', employee.name), [me?.userId, employee.name]);

  return (
    <div className="min-h-dvh bg-muted">
      <PortalHeader business={business} isOwner={isOwner} />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        {/* One text node, as the frame's and the prerendered one's: the same size, so no new LCP (issue 25 §1). */}
        <h1 className="text-2xl font-bold">{welcomeOf(employee.name)}</h1>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ProfileSection employee={employee} photoField={<MyPhotoField employee={employee} />} withCardExtras />
          <DigitalCardSection
            employee={employee}
            downloadButton={<DownloadCardButton employee={employee} business={business} size="portal" label="Download Business Card" />}
          />
        </div>
        {employee.card && <ShareCardSection cardUrl={employee.card.cardUrl} name={employee.name} />}
        {employee.card && <EmailSignatureSection cardId={employee.card.id} version={JSON.stringify(employee)} />}
        {employee.card && <VirtualBackgroundSection employee={employee} business={business} />}
        {employee.card && <NfcTagSection cardUrl={employee.card.cardUrl} />}
        {employee.card && <MyCardScans />}
        <MyContacts />
      </main>
    </div>
  );
}

/** The portal's header: the business's logo and name (placeholders of their size until the data arrives), the owner's way back and Sign Out. */
function PortalHeader({ business, isOwner }: { business: Pick<MyEmployee['business'], 'name' | 'logoUrl'> | null; isOwner: boolean }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          {!business ? (
            <span aria-hidden className="size-10 shrink-0 rounded-lg bg-muted" />
          ) : business.logoUrl ? (
            <img src={business.logoUrl} alt={`${business.name} logo`} className="size-10 shrink-0 rounded-lg object-contain" />
          ) : (
            <Avatar name={business.name} size="sm" shape="square" />
          )}
          <div className="min-w-0">
            <p className="truncate text-lg font-bold">{business ? business.name : <Placeholder className="w-40 bg-muted" />}</p>
            <Badge variant="secondary">Employee Portal</Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {isOwner && (
            <Button asChild variant="outline" size="sm">
              <Link to="/business">
                <Briefcase aria-hidden />
                Business Portal
              </Link>
            </Button>
          )}
          <SignOutButton variant="ghost" />
        </div>
      </div>
    </header>
  );
}

/** A grey block one line of text high, in place of text that is still loading. */
function Placeholder({ className }: { className: string }) {
  return (
    <span aria-hidden className={`inline-block rounded align-bottom ${className}`}>
      {'\u00a0'}
    </span>
  );
}

const welcomeOf = (name: string) => `Welcome back, ${name}!`;

/**
 * The portal before its data (issue 25 §1): the header, the welcome heading and the two cards' titles drawn at once,
 * the business's and the employee's details as placeholders of their size, so the page paints while
 * /api/me/employee is under way. The sections below the two cards come with the data.
 */
export function PortalFrame() {
  const { me } = useSession();
  const isOwner = me?.role === 'owner';
  const keptName = keptLabel(me?.userId, 'employee:name');
  return (
    <div className="min-h-dvh bg-muted">
      <PortalHeader business={null} isOwner={isOwner} />
      <main aria-busy="true" className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        {keptName ? (
          <h1 className="text-2xl font-bold">{welcomeOf(keptName)}</h1>
        ) : (
          // The prerendered frame's welcome takes the kept name before the first paint (web/kept-labels.js).
          <h1 className="text-2xl font-bold" data-kept-label="employee:name" data-kept-template={welcomeOf('{}')}>
            Welcome back<span aria-hidden>, <Placeholder className="w-32 bg-background" />!</span>
          </h1>
        )}
        <Spinner label="Loading your profile…" className="sr-only" />
        <div aria-hidden className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {['Your Profile', 'Your Digital Business Card'].map((title) => (
            <Card key={title}>
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  {title}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <div className="h-80 rounded-lg bg-muted" />
              </CardContent>
            </Card>
          ))}
        </div>
      </main>
    </div>
  );
}

function ProfileNotFound() {
  return (
    <CenteredCard title={portalMessages.profileNotFoundTitle} description="We could not find an employee profile linked to your account.">
      <Button asChild>
        <Link to="/">
          <Home aria-hidden />
          Go to Homepage
        </Link>
      </Button>
    </CenteredCard>
  );
}

/** Scans of the employee's own card over time, by source and device (issue 11 §2). */
function MyCardScans() {
  const [days, setDays] = useState<AnalyticsRange>(30);
  const query = useMyScanAnalytics(days);
  return (
    <section aria-labelledby="card-scans-heading" className="grid gap-3">
      <h2 id="card-scans-heading" className="text-lg font-semibold">
        My Card Scans
      </h2>
      <Card className="p-4 sm:p-6">
        <ScanAnalyticsView query={query} days={days} onDaysChange={setDays} />
      </Card>
    </section>
  );
}

/** The details visitors shared from this employee's card page (issue 11 §3). */
function MyContacts() {
  const contacts = useMyContacts();
  const remove = useDeleteMyContact();
  return (
    <section aria-labelledby="contacts-heading" className="grid gap-3">
      <h2 id="contacts-heading" className="text-lg font-semibold">
        My Contacts
      </h2>
      {contacts.isPending ? (
        <PageSpinner />
      ) : contacts.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {contacts.error.message}
        </p>
      ) : (
        <ContactsList contacts={contacts.data} exportName="my-contacts.csv" onDelete={remove} />
      )}
    </section>
  );
}
