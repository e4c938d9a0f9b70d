// The centred card every /auth step is drawn in. Focusing any of its fields starts loading the auth library, so it
// is there by the time the form is sent (the page's first load does without it). With a white-label brand (an
// invitation to an agency's client, issue 21 §1, or a signed-out client's person, issue 40) the agency's logo and name
// replace CardCrew's, and link nowhere. CardCrew's mark and the heading carry data-platform-mark: the prerendered page
// keeps them unpainted for a signed-out client's person until the app draws the agency's (web/remembered-brand.js).
import { CreditCard } from 'lucide-react';
import type { ClientBrandView } from '@shared/schemas/me';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { loadAuth } from '@web/lib/load-auth';
import { BrandMark } from '@web/features/white-label/brand-mark';

export function AuthShell({ title, description, brand, children }: { title: string; description?: ReactNode; brand?: ClientBrandView | null; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted px-4 py-8 sm:justify-center sm:py-12" onFocus={() => void loadAuth().catch(() => undefined)}>
      {brand ? (
        <p className="mb-6 flex items-center gap-2 text-xl font-bold">
          <BrandMark brand={brand} className="size-9" />
          {brand.name}
        </p>
      ) : (
        <Link to="/" className="mb-6 flex items-center gap-2 text-xl font-bold" data-platform-mark="">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <CreditCard aria-hidden className="size-5" />
          </span>
          CardCrew
        </Link>
      )}
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl" data-platform-mark={brand ? undefined : ''}>
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
