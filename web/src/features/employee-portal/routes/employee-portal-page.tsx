// /employee-portal (spec 1 §2): login required. A placeholder until the employee portal is built.
import { ComingSoon } from '@web/components/coming-soon';
import { SiteTopNav } from '@web/features/auth/components/site-top-nav';
import { RequireAuth } from '@web/features/auth/require-auth';

export function EmployeePortalPage() {
  return (
    <RequireAuth>
      <div className="flex min-h-dvh flex-col">
        <SiteTopNav />
        <ComingSoon title="Employee Portal">
          The employee portal is coming soon. Here you will edit your profile and download or share your digital business card.
        </ComingSoon>
      </div>
    </RequireAuth>
  );
}
