// /agency (spec 1 §2): login required. A placeholder until the agency dashboard (spec 2) is built.
import { ComingSoon } from '@web/components/coming-soon';
import { SiteTopNav } from '@web/features/auth/components/site-top-nav';
import { RequireAuth } from '@web/features/auth/require-auth';

export function AgencyPage() {
  return (
    <RequireAuth>
      <div className="flex min-h-dvh flex-col">
        <SiteTopNav />
        <ComingSoon title="Agency Dashboard">
          The agency dashboard is coming soon. Here you will manage your client businesses, their digital business cards and your
          consolidated billing.
        </ComingSoon>
      </div>
    </RequireAuth>
  );
}
