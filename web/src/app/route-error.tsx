// Shown when a page throws or its chunk fails to load (for example after a deploy replaced the files).
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Button } from '@web/components/button';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? 'Oops! Page not found' : 'Something went wrong'}</h1>
      <p className="max-w-sm text-muted-foreground">
        {notFound ? 'The page you are looking for does not exist.' : 'This page could not be displayed. Reloading usually fixes it.'}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}
