// Shown when a page throws or its chunk fails to load (for example after a deploy replaced the files).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/button';
import { useSession } from '@web/features/auth/session-provider';
import { pathAfterSignOut } from '@web/features/white-label/remembered-brand';

export function RouteError() {
  // A signed-out white-labelled client's person goes to the agency's sign-in page, not CardCrew's home (issue 40). Read
  // without the schema library: this page is in the app's entry.
  const { user } = useSession();
  const home = user ? '/' : pathAfterSignOut();
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-sm text-muted-foreground">This page could not be displayed. Reloading usually fixes it.</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to={home}>Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}

/** Catches what a page throws while rendering (keyed by path in the router, so the next page starts afresh). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
