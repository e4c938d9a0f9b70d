// /pricing (spec 1 §2): a header with Home, Pricing and Profile, the signed-in email badge and Sign Out or
// Sign In; the body is the pricing section.
import { CreditCard, LogIn, LogOut } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { SiteFooter } from '@web/components/site-footer';
import { cn } from '@web/lib/cn';
import { useSession } from '@web/features/auth/session-provider';
import { goAfterSignOut } from '@web/features/white-label/remembered-brand';
import { PricingSection } from '../components/pricing-section';

const links = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/profile', label: 'Profile' },
];

export function PricingPage() {
  const { user, loading } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <PricingHeader />
      <main className="flex-1 bg-gradient-to-b from-primary/10 to-background">
        {/* Until the session is known, Get Started points at /auth; it switches once a user is found. */}
        <PricingSection signedIn={!loading && user !== null} level={1} />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * Desktop: brand, links, then the email badge and Sign Out on the right. Phone: brand and Sign Out/Sign In on the
 * first row, the email badge on the second, the links on the third (so a long email is not squeezed).
 */
function PricingHeader() {
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="order-1 flex items-center gap-2 text-lg font-bold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <CreditCard aria-hidden className="size-5" />
          </span>
          CardCrew
        </Link>
        <nav aria-label="Main" className="order-4 w-full sm:order-2 sm:w-auto">
          <ul className="flex gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    cn('block rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive ? 'bg-muted text-foreground' : 'text-muted-foreground')
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user && !loading && (
          <p className="order-3 flex w-full min-w-0 sm:ml-auto sm:w-auto sm:justify-end">
            <span className="sr-only">Signed in as </span>
            <Badge variant="secondary" className="min-w-0 overflow-hidden" title={user.email}>
              <span className="truncate">{user.email}</span>
            </Badge>
          </p>
        )}
        <div className={cn('order-2 ml-auto flex items-center sm:order-4', user && !loading && 'sm:ml-0')}>
          {loading ? null : user ? (
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                if (await signOut()) goAfterSignOut(navigate, { replace: true });
              }}
            >
              <LogOut aria-hidden />
              Sign Out
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">
                <LogIn aria-hidden />
                Sign In
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
