// /business and /business/:businessId: the business dashboard behind the gate of spec 2 §2.
import type { Employee } from '@shared/schemas/employee';
import { BadgeCheck, Building2, CreditCard, DollarSign, Plus, UserPlus, Users } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { formatCount, formatMoney } from '@shared/format';
import { useBrandTheme } from '@web/lib/theme';
import { RequireAuth } from '@web/features/auth/require-auth';
import { useSession } from '@web/features/auth/session-provider';
import { destinationPaths } from '@web/lib/signed-in-destination';
import { keepLabel, keepLabels, keptLabel } from '@web/features/auth/kept-labels';
import { chromeColorsOf } from '@web/features/white-label/chrome-colors';
import { useDashboard, type DashboardView } from '../api/get-dashboard';
import { useBusinessContacts, useDeleteBusinessContact } from '../api/contacts';
import { ContactsList } from '@web/components/contacts-list';
import { FormField } from '@web/components/form-field';
import { NativeSelect } from '@web/components/native-select';
import { useGenerateCardQr } from '../api/generate-card-qr';
import { lazyDialog } from '@web/components/lazy-dialog';
import { EmployeeCsvButtons } from '../components/employee-csv-buttons';
import { DashboardHeader } from '../components/dashboard-header';
import { EmployeeCard } from '../components/employee-card';
import { ScanAnalyticsSection } from '../components/scan-analytics-section';
// The dashboard page composes the billing feature's section, as the app's routes compose features.
import { BusinessBillingSection } from '@web/features/billing/components/business-billing-section';
import { FilterTabs } from '@web/components/tabs';
import { StatCard } from '@web/components/stat-card';
import { CenteredCard } from '@web/components/centered-card';
import { Badge } from '@web/components/badge';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { businessRoleMessages } from '@shared/messages/business-roles';
import { departmentMessages } from '@shared/messages/departments';
import { departmentKey } from '@shared/schemas/department';
import { Label } from '@web/components/label';
import { useDepartments } from '@web/features/departments/api/departments';

type Filter = 'all' | 'active' | 'inactive';

// The dialogs load when first opened (issue 25 §1): the dashboard draws without their forms and the CSV reader.
const AddEmployeeDialog = lazyDialog(() => import('../components/add-employee-dialog').then((m) => m.AddEmployeeDialog), (p) => p.open);
const ImportEmployeesDialog = lazyDialog(() => import('../components/import-employees-dialog').then((m) => m.ImportEmployeesDialog), (p) => p.open);
const EmployeeProfileDialog = lazyDialog(() => import('../components/employee-profile-dialog').then((m) => m.EmployeeProfileDialog), (p) => p.employee !== null);
const DeleteEmployeeDialog = lazyDialog(() => import('../components/delete-employee-dialog').then((m) => m.DeleteEmployeeDialog), (p) => p.employee !== null);

export function BusinessDashboardPage() {
  return (
    <RequireAuth>
      <DashboardGate />
    </RequireAuth>
  );
}

/** Spec 2 'Business dashboard gate', steps 2–5 (RequireAuth did step 1). */
function DashboardGate() {
  const { user, me } = useSession();
  const { businessId: routeBusinessId } = useParams();
  if (!user) return null;
  if (!me) return <AccountUnavailable />;

  // An employee's portal, or a leaver's 'Access Ended': /api/me decides (never business onboarding for them).
  if (me.destination === 'employee-portal' || me.destination === 'access-ended') return <Navigate to="/employee-portal" replace />;
  if (!user.emailVerified && !me.businessId) return <Navigate to="/business-onboarding" replace />;
  const managesAnother = routeBusinessId !== undefined && routeBusinessId !== me.businessId;
  // Only an agency (or an admin) may open another business; the API re-checks the agency–client link.
  if (managesAnother && me.accountType !== 'agency' && !me.isAdmin) return <Navigate to="/agency" replace />;

  const businessId = routeBusinessId ?? me.businessId;
  if (!businessId) return me.destination === 'business-onboarding' ? <NoBusiness /> : <Navigate to={destinationPaths[me.destination]} replace />;
  // A Billing contact sees the business's billing and nothing of its employees (issue 41; the API refuses the rest).
  if (me.businessRole === 'billing' && businessId === me.businessId) return <BillingOnly businessId={businessId} />;
  return <Dashboard key={businessId} businessId={businessId} agencyView={managesAnother && me.accountType === 'agency'} />;
}

/** A Billing contact's page: the invoices (pay, PDFs), their own portal and Sign Out. */
function BillingOnly({ businessId }: { businessId: string }) {
  return (
    <div className="min-h-dvh bg-muted">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-2">
            <h1 className="text-lg font-bold sm:text-xl">{businessRoleMessages.billingOnlyTitle}</h1>
            <Badge variant="secondary">{businessRoleMessages.labels.billing}</Badge>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/employee-portal">
                <Users aria-hidden />
                Employee Portal
              </Link>
            </Button>
            <SignOutButton variant="ghost" />
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-6">
        <p className="text-sm text-muted-foreground">{businessRoleMessages.billingOnlyDescription}</p>
        <BusinessBillingSection businessId={businessId} />
      </main>
    </div>
  );
}

function AccountUnavailable() {
  const { refreshMe } = useSession();
  const [retrying, setRetrying] = useState(false);
  return (
    <CenteredCard title="We could not load your account" description="Something went wrong on our side. Please try again.">
      <Button
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void refreshMe().finally(() => setRetrying(false));
        }}
      >
        Try Again
      </Button>
    </CenteredCard>
  );
}

function NoBusiness() {
  return (
    <CenteredCard
      icon={<Building2 aria-hidden className="mx-auto size-10 text-secondary" />}
      title="Welcome to CardCrew!"
      description="You haven't set up your business yet. Set it up to start creating digital business cards for your team."
    >
      <Button asChild size="lg">
        <Link to="/business/onboarding">Set Up My Business</Link>
      </Button>
    </CenteredCard>
  );
}


function Dashboard({ businessId, agencyView }: { businessId: string; agencyView: boolean }) {
  const query = useDashboard(businessId);
  // The data is drawn in a transition: React renders it in slices of a few milliseconds between the browser's other
  // work instead of in one long task (issue 25 §1, blocking time), and the frame stays until it is done.
  const view = useDeferredValue(query.data);

  if (query.isPending) return <DashboardFrame businessId={businessId} agencyView={agencyView} />;
  if (query.isError) {
    const denied = isApiError(query.error) && (query.error.status === 403 || query.error.status === 404);
    if (denied && agencyView) return <Navigate to="/agency" replace />;
    return (
      <CenteredCard title="Could not load the dashboard" description={query.error.message}>
        <Button onClick={() => void query.refetch()}>Try Again</Button>
      </CenteredCard>
    );
  }
  if (view === undefined) return <DashboardFrame businessId={businessId} agencyView={agencyView} />;
  return (
    <DashboardContent
      businessId={businessId}
      agencyView={agencyView}
      view={view}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}

interface ContentProps {
  businessId: string;
  agencyView: boolean;
  view: DashboardView;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

function DashboardContent({ businessId, agencyView, view, hasMore, loadingMore, onLoadMore }: ContentProps) {
  const { business, stats, employees } = view;
  const [filter, setFilter] = useState<Filter>('all');
  const [addOpen, setAddOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const tabsId = useId();
  const panelId = `${tabsId}-panel`;

  const { me } = useSession();
  // The business's brand colours are the site theme while the dashboard is open (spec 2 §9); a white-labelled
  // client's owner sees its agency's instead (issue 21 §1). Agency staff managing the client have no brand: its own.
  useBrandTheme(chromeColorsOf(business, me?.brand));
  useEffect(() => keepLabel(me?.userId, `business:${businessId}`, business.name), [me?.userId, businessId, business.name]);
  // The figures too, as drawn: with thousands of employees the Monthly Cost figure is the page's largest text, and the
  // next visit's frame draws them from the HTML (web/kept-labels.js) before any module has run (issue 25 §1).
  const figures = useMemo(() => figuresOf(stats), [stats]);
  useEffect(() => keepLabels(me?.userId, Object.fromEntries(FIGURES.map((name) => [figureLabel(businessId, name), figures[name]]))), [me?.userId, businessId, figures]);
  useAutoGenerateMissingQrCodes(businessId, employees);

  const counts = useMemo(() => countByFilter(stats), [stats]);
  const [department, setDepartment] = useState<string>(ALL_DEPARTMENTS);
  // A department's people may be on pages not loaded yet: picking one loads the rest, so the filter shows them all.
  useEffect(() => {
    if (department !== ALL_DEPARTMENTS && hasMore && !loadingMore) onLoadMore();
  }, [department, hasMore, loadingMore, onLoadMore]);
  const visible = employees.filter((employee) => matchesFilter(employee, filter) && inDepartment(employee, department));
  const viewing = employees.find((employee) => employee.id === viewingId) ?? null;
  const deleting = employees.find((employee) => employee.id === deletingId) ?? null;

  return (
    <div className="min-h-dvh bg-muted">
      <DashboardHeader
        businessId={businessId}
        business={business}
        agencyView={agencyView}
        onAddEmployee={() => setAddOpen(true)}
      />

      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6">
        <DashboardStats figures={figures} billedByAgency={stats.billedByAgency} />

        <section aria-labelledby="employees-heading" className="grid grid-cols-1 gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <h2 id="employees-heading" className="text-lg font-semibold">
                Employee Cards
              </h2>
              <EmployeeCsvButtons businessId={businessId} onImport={() => setImportOpen(true)} />
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <DepartmentFilter businessId={businessId} value={department} onChange={setDepartment} />
              <FilterTabs
                label="Filter employee cards"
                idPrefix={tabsId}
                panelId={panelId}
                value={filter}
                onChange={setFilter}
                items={[
                  { value: 'all', label: `All Cards (${counts.all})` },
                  { value: 'active', label: `Active (${counts.active})` },
                  { value: 'inactive', label: `Inactive (${counts.inactive})` },
                ]}
              />
            </div>
          </div>

          <div role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-${filter}`} tabIndex={-1} className="min-w-0">
            {employees.length === 0 ? (
              <EmptyState onAdd={() => setAddOpen(true)} />
            ) : (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {visible.map((employee) => (
                  <li key={employee.id}>
                    <EmployeeCard employee={employee} onView={() => setViewingId(employee.id)} onDelete={() => setDeletingId(employee.id)} />
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={() => setAddOpen(true)}
                    className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-background p-4 text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Plus aria-hidden className="size-8" />
                    <span className="font-medium">Add Employee</span>
                  </button>
                </li>
              </ul>
            )}
            {hasMore && (
              <div className="mt-4 flex justify-center">
                <Button variant="outline" onClick={onLoadMore} disabled={loadingMore}>
                  {loadingMore && <Spinner label="Loading more employees…" className="[&_svg]:size-4 [&_svg]:text-current" />}
                  Load more
                </Button>
              </div>
            )}
          </div>
        </section>

        {/* Below the first screen of a phone: drawn when they come near (a shorter page load on a phone). */}
        <div className="below-fold">
          <ScanAnalyticsSection businessId={businessId} />
        </div>
        <div className="below-fold">
          <BusinessBillingSection businessId={businessId} />
        </div>
      </main>

      <div className="below-fold mx-auto max-w-7xl px-4 pb-8">
        <BusinessContacts businessId={businessId} employees={employees} />
      </div>

      <AddEmployeeDialog businessId={businessId} open={addOpen} onOpenChange={setAddOpen} />
      <ImportEmployeesDialog businessId={businessId} open={importOpen} onOpenChange={setImportOpen} />
      <EmployeeProfileDialog businessId={businessId} employee={viewing} onOpenChange={(open) => !open && setViewingId(null)} />
      <DeleteEmployeeDialog businessId={businessId} employee={deleting} onOpenChange={(open) => !open && setDeletingId(null)} />
    </div>
  );
}

/** The statistics' figures and the cost line, as the tiles show them. */
const FIGURES = ['totalEmployees', 'cardsCreated', 'activeCards', 'monthlyCost', 'costDetail'] as const;
type Figures = Record<(typeof FIGURES)[number], string>;

function figuresOf(stats: DashboardView['stats']): Figures {
  return {
    totalEmployees: formatCount(stats.totalEmployees),
    cardsCreated: formatCount(stats.cardsCreated),
    activeCards: formatCount(stats.activeCards),
    monthlyCost: formatMoney(stats.monthlyCostCents, stats.currency),
    // A client billed to its agency pays its agency, not CardCrew (issue 20): no platform price to show.
    costDetail: stats.billedByAgency ? `Billed by ${stats.billedByAgency}` : `${formatMoney(stats.ratePerUserCents, stats.currency)} per user`,
  };
}

/** The kept label of a business's figure (`{businessId}` in a prerendered frame, which web/kept-labels.js fills). */
const figureLabel = (businessId: string, name: keyof Figures) => `business:${businessId || '{businessId}'}:figure:${name}`;

interface StatsProps {
  /** The figures to draw; one missing is a placeholder (in a frame: the slot of its kept label). */
  figures: Partial<Figures>;
  billedByAgency?: string | null;
  /** A frame's: the business whose kept figures fill the placeholders. */
  keptFor?: string;
}

/**
 * The four stat tiles (spec 2). Without the figures (the frame, before the dashboard call answers) they are
 * placeholders of their size, one line each, so nothing moves when they arrive.
 */
function DashboardStats({ figures, billedByAgency, keptFor }: StatsProps) {
  const slot = (name: keyof Figures) => (keptFor === undefined ? undefined : figureLabel(keptFor, name));
  // A long agency name is cut to the tile's one line; the tooltip has all of it.
  const costDetail = figures.costDetail ? <span title={billedByAgency ? figures.costDetail : undefined}>{figures.costDetail}</span> : true;
  return (
    <section aria-labelledby="statistics-heading" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <h2 id="statistics-heading" className="sr-only">
        Statistics
      </h2>
      <StatCard title="Total Employees" value={figures.totalEmployees} keptSlot={slot('totalEmployees')} icon={Users} />
      <StatCard title="Cards Created" value={figures.cardsCreated} keptSlot={slot('cardsCreated')} icon={CreditCard} />
      <StatCard title="Active Cards" value={figures.activeCards} keptSlot={slot('activeCards')} icon={BadgeCheck} />
      <StatCard title="Monthly Cost" value={figures.monthlyCost} keptSlot={slot('monthlyCost')} detail={costDetail} detailKeptSlot={slot('costDetail')} icon={DollarSign} />
    </section>
  );
}

/**
 * The dashboard before its data (issue 25 §1): the header, the statistics and the Employee Cards heading (the page's
 * largest text) drawn at once, the figures as the last visit drew them (else placeholders of their size) and the cards
 * as placeholders, so the page paints while the dashboard call is under way and nothing above the cards moves when it
 * answers. The sections below the cards (scan
 * analytics, billing, contacts) come with the data.
 */
export function DashboardFrame({ businessId, agencyView }: { businessId: string; agencyView: boolean }) {
  const userId = useSession().me?.userId;
  const keptName = keptLabel(userId, `business:${businessId}`);
  const keptFigures = Object.fromEntries(FIGURES.map((name) => [name, keptLabel(userId, figureLabel(businessId, name)) ?? undefined]));
  return (
    <div className="min-h-dvh bg-muted">
      <DashboardHeader businessId={businessId} business={null} keptName={keptName} agencyView={agencyView} onAddEmployee={() => undefined} />
      <main aria-busy="true" className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6">
        <DashboardStats figures={keptFigures} keptFor={businessId} />
        <section aria-labelledby="employees-heading" className="grid grid-cols-1 gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <h2 id="employees-heading" className="text-lg font-semibold">
                Employee Cards
              </h2>
              <div inert>
                <EmployeeCsvButtons businessId={businessId} onImport={() => undefined} />
              </div>
            </div>
            <div aria-hidden className="h-10 w-full rounded-lg bg-background/60 sm:w-80" />
          </div>
          <Spinner label="Loading employees…" className="sr-only" />
          <div aria-hidden className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-72 rounded-xl border bg-background" />
            ))}
          </div>
        </section>
      </main>
    </div>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Card className="grid justify-items-center gap-3 px-4 py-12 text-center">
      <Users aria-hidden className="size-10 text-muted-foreground" />
      <h3 className="text-lg font-semibold">No employees yet</h3>
      <p className="max-w-sm text-sm text-muted-foreground">Add your first employee to create their digital business card with a QR code.</p>
      <Button onClick={onAdd}>
        <UserPlus aria-hidden />
        Add Employee
      </Button>
    </Card>
  );
}

const ALL_DEPARTMENTS = '';
/** The filter's value for the employees with no department (no department may be named with a control character). */
const NO_DEPARTMENT = '\u0000none';

function inDepartment(employee: Employee, department: string): boolean {
  if (department === ALL_DEPARTMENTS) return true;
  if (department === NO_DEPARTMENT) return !employee.department;
  return departmentKey(employee.department ?? '') === departmentKey(department);
}

/**
 * The dashboard's department filter: every department with its employee count (the server counts them all). It is
 * drawn from the first frame, disabled until the list arrives (and while the business has none), so its arrival moves
 * nothing below it.
 */
function DepartmentFilter({ businessId, value, onChange }: { businessId: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const departments = useDepartments(businessId);
  const list = departments.data;
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>{departmentMessages.filterLabel}</Label>
      {/* A fixed width: the select would otherwise widen to its longest option when the list arrives. */}
      <div className="w-48">
        <NativeSelect id={id} value={value} disabled={!list || list.departments.length === 0} onChange={(e) => onChange(e.target.value)}>
          <option value={ALL_DEPARTMENTS}>{departmentMessages.allDepartments}</option>
          {list?.departments.map((d) => (
            <option key={d.departmentId} value={d.name}>
              {departmentMessages.filterOption(d.name, d.employeeCount)}
            </option>
          ))}
          {list && list.withoutDepartment > 0 && <option value={NO_DEPARTMENT}>{departmentMessages.filterOption(departmentMessages.noDepartment, list.withoutDepartment)}</option>}
        </NativeSelect>
      </div>
    </div>
  );
}

/** A card is active only when its employee is (spec 1 §4); everything else is listed under Inactive. */
function matchesFilter(employee: Employee, filter: Filter): boolean {
  if (filter === 'all') return true;
  const active = employee.card?.isActive ?? employee.status === 'active';
  return filter === 'active' ? active : !active;
}

/**
 * The tab counts come from the business counters, never from the loaded pages: with 2,500 employees only the
 * first page is loaded. A card is active exactly when its employee is, so Active = active cards.
 */
function countByFilter(stats: DashboardView['stats']) {
  return { all: stats.totalEmployees, active: stats.activeCards, inactive: Math.max(0, stats.totalEmployees - stats.activeCards) };
}

/** Spec 2: a card without a QR code gets one once the dashboard has loaded — each card is tried once. */
function useAutoGenerateMissingQrCodes(businessId: string, employees: Employee[]) {
  const { mutate: generate } = useGenerateCardQr(businessId);
  const attempted = useRef(new Set<string>());
  useEffect(() => {
    for (const employee of employees) {
      const card = employee.card;
      if (!card || card.qrCodeUrl || attempted.current.has(card.id)) continue;
      attempted.current.add(card.id);
      generate(card.id, { onError: (error) => console.warn(`QR generation failed for card ${card.id}`, error) });
    }
  }, [employees, generate]);
}

/** The details visitors shared from the business's card pages, filtered by employee (issue 11 §3). */
function BusinessContacts({ businessId, employees }: { businessId: string; employees: Employee[] }) {
  const [employeeId, setEmployeeId] = useState('');
  const contacts = useBusinessContacts(businessId, employeeId);
  const remove = useDeleteBusinessContact(businessId);
  return (
    <section aria-labelledby="business-contacts-heading" className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="business-contacts-heading" className="text-lg font-semibold">
          Contacts
        </h2>
        <FormField label="Shared with" className="sm:w-64">
          <NativeSelect value={employeeId} onChange={(e) => setEmployeeId(e.target.value)}>
            <option value="">All employees</option>
            {employees.map((employee) => (
              <option key={employee.id} value={employee.id}>
                {employee.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {contacts.isPending ? (
        <Spinner label="Loading contacts…" />
      ) : contacts.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {contacts.error.message}
        </p>
      ) : (
        <ContactsList contacts={contacts.data} showEmployee exportName="contacts.csv" onDelete={remove} />
      )}
    </section>
  );
}
