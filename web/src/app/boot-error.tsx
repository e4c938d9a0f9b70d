// Rendered instead of the app when /config.json cannot be loaded, so the page is never blank.
import { Button } from '@web/components/button';

export function BootError() {
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <h1 className="text-2xl font-semibold">Could not load configuration</h1>
      <p className="max-w-sm text-muted-foreground">CardCrew could not reach its server. Check your connection and try again.</p>
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </main>
  );
}
