// Business dashboard header: logo or initials, name, Business badge, Home/Pricing links (a white-labelled client: its
// agency's support link instead) and the action buttons
// (Company Settings and the QR codes download open from here). Before the dashboard's data has arrived (issue 25 §1)
// it draws the same frame: the logo and name are placeholders of their size, and the buttons wait (inert).
import type { Business } from '@shared/schemas/business';
import { ArrowLeft, Settings, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Avatar } from '@web/components/avatar';
import { ActivityButton } from '@web/features/activity/components/activity-button';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { useSession } from '@web/features/auth/session-provider';
import { BulkQrDownloadButton } from './bulk-qr-download';
import { lazyDialog } from '@web/components/lazy-dialog';

/** Loaded when first opened (issue 25 §1): its sections (brand, domains, directory sync) are not part of the dashboard's load. */
const CompanySettingsDialog = lazyDialog(() => import('./company-settings-dialog').then((m) => m.CompanySettingsDialog), (p) => p.open);

interface Props {
  businessId: string;
  /** Null while the dashboard loads. */
  business: Business | null;
  /** While it loads: the name the last visit drew (features/auth/kept-labels.ts), if any. */
  keptName?: string | null;
  /** The agency-managed view shows Back to Agency. */
  agencyView: boolean;
  onAddEmployee: () => void;
}

export function DashboardHeader({ businessId, business, keptName = null, agencyView, onAddEmployee }: Props) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const brand = useSession().me?.brand ?? null;
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          {!business ? (
            <span aria-hidden className="size-10 shrink-0 rounded-lg bg-muted" />
          ) : business.logoUrl ? (
            <img src={business.logoUrl} alt={`${business.name} logo`} className="size-10 shrink-0 rounded-lg object-contain" />
          ) : (
            <Avatar name={business.name} size="sm" shape="square" />
          )}
          <div className="min-w-0">
            <div className="flex items-center gap-2">
              {business || keptName ? (
                <h1 className="truncate text-lg font-bold sm:text-xl">{business?.name ?? keptName}</h1>
              ) : (
                <>
                  {/* The prerendered frame's slot for the kept name, filled before the first paint (web/kept-labels.js). */}
                  <h1 hidden data-kept-label={`business:${businessId || '{businessId}'}`} className="truncate text-lg font-bold sm:text-xl" />
                  <span aria-hidden data-kept-placeholder className="h-7 w-40 rounded bg-muted" />
                </>
              )}
              <Badge variant="secondary">Business</Badge>
            </div>
            <nav aria-label="Site" className="flex gap-3 text-sm">
              {brand ? (
                // White-label (issue 21): the agency's support instead of CardCrew's site.
                <a href={brand.supportUrl ?? `mailto:${brand.supportEmail}`} className="text-muted-foreground hover:text-foreground hover:underline">
                  {brand.name} support
                </a>
              ) : (
                <>
                  <Link to="/" className="text-muted-foreground hover:text-foreground hover:underline">
                    Home
                  </Link>
                  <Link to="/pricing" className="text-muted-foreground hover:text-foreground hover:underline">
                    Pricing
                  </Link>
                </>
              )}
            </nav>
          </div>
        </div>
        <div className="flex flex-wrap gap-2" inert={!business}>
          {agencyView && (
            <Button asChild variant="outline" size="sm">
              <Link to="/agency">
                <ArrowLeft aria-hidden />
                Back to Agency
              </Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link to="/employee-portal">
              <Users aria-hidden />
              Employee Portal
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setSettingsOpen(true)}>
            <Settings aria-hidden />
            Settings
          </Button>
          <ActivityButton businessId={businessId} businessName={business?.name ?? ''} />
          <BulkQrDownloadButton businessId={businessId} business={business ?? { name: '', logoUrl: null }} />
          <Button size="sm" onClick={onAddEmployee}>
            <UserPlus aria-hidden />
            Add Employee
          </Button>
          <SignOutButton variant="ghost" />
        </div>
      </div>
      {business && <CompanySettingsDialog business={business} open={settingsOpen} onOpenChange={setSettingsOpen} />}
    </header>
  );
}
