// /admin (spec 1 §2, §6): the admin group only. A placeholder until the admin portal (spec 2) is built.
import { ComingSoon } from '@web/components/coming-soon';
import { SiteTopNav } from '@web/features/auth/components/site-top-nav';
import { RequireAdmin } from '@web/features/auth/require-admin';

export function AdminPage() {
  return (
    <RequireAdmin>
      <div className="flex min-h-dvh flex-col">
        <SiteTopNav />
        <ComingSoon title="Admin Portal">
          The admin portal is coming soon. Here you will manage all businesses, invoices, pricing plans and admin users.
        </ComingSoon>
      </div>
    </RequireAdmin>
  );
}
