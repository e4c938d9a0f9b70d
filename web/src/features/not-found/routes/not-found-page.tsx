// Any unknown path (spec 1 §2): 'Oops! Page not found' with a link home. The server answers 200 with the app for
// every extension-less path, so the page tells search engines itself not to index it (React hoists the <meta>).
import { Link } from 'react-router';
import { Button } from '@web/components/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <meta name="robots" content="noindex" />
      <title>Page not found · CardCrew</title>
      <p className="text-6xl font-bold text-secondary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
