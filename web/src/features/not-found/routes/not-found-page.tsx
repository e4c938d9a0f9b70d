// Any unknown path (spec 1 §2): 'Oops! Page not found' with a link home.
import { Link } from 'react-router-dom';
import { Button } from '@web/components/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <p className="text-6xl font-bold text-secondary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
