// Site navigation (spec 1 §2 'Top navigation'). Presentational: the page passes who is signed in.
import { CreditCard, LogOut, Menu, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '@web/lib/cn';
import { useHydrated } from '@web/lib/use-hydrated';
import { Button } from './button';

export interface TopNavProps {
  /** The signed-in user, or null when signed out. */
  user: { email: string; isAdmin: boolean } | null;
  /** True while the session is still being read: the account area stays empty instead of flashing 'Sign In'. */
  loading?: boolean;
  onSignOut: () => void;
}

interface NavItem {
  to: string | { pathname: string; hash: string };
  label: string;
}

export function TopNav({ user, loading = false, onSignOut }: TopNavProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  // Escape closes the phone menu and returns focus to its button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggleRef.current?.focus();
  };
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: { pathname: '/', hash: '#features' }, label: 'Features' },
    { to: '/about', label: 'About' },
    { to: '/business', label: 'Business' },
    { to: '/agency', label: 'Agency' },
    { to: '/pricing', label: 'Pricing' },
    ...(user ? [{ to: '/profile', label: 'Profile' }] : []),
    ...(user?.isAdmin ? [{ to: '/admin', label: 'Admin' }] : []),
  ];

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive ? 'text-foreground' : 'text-muted-foreground');

  const account = loading ? (
    <span className="h-8 w-24" aria-hidden />
  ) : user ? (
    <>
      <span className="max-w-[16rem] truncate text-sm text-muted-foreground" title={user.isAdmin ? undefined : user.email}>
        {user.isAdmin ? 'Admin' : user.email}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(false);
          onSignOut();
        }}
      >
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </>
  ) : (
    <Button asChild size="sm">
      <Link to="/auth">Sign In</Link>
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur" onKeyDown={onKeyDown}>
      <nav aria-label="Main">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <CreditCard aria-hidden className="size-5" />
            </span>
            CardCrew
          </Link>
          <ul className="hidden flex-1 items-center gap-1 lg:flex">
            {items.map((item) => (
              <li key={item.label}>
                <NavLink to={item.to} end className={typeof item.to === 'string' ? linkClass : linkClass({ isActive: false })}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="ml-auto hidden items-center gap-3 lg:flex">{account}</div>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="ml-auto lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            // Prerendered pages: a tap before the code has arrived would do nothing; the button waits for it.
            disabled={!hydrated}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          </Button>
        </div>
        <div id={menuId} hidden={!open} className="border-t px-4 pb-4 lg:hidden">
          <ul className="grid gap-1 py-2">
            {items.map((item) => (
              <li key={item.label}>
                <NavLink to={item.to} end onClick={() => setOpen(false)} className={cn(linkClass({ isActive: false }), 'block')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3 border-t pt-3">{account}</div>
        </div>
      </nav>
    </header>
  );
}
