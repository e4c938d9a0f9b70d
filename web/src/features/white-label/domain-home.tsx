// `/` on an agency's custom domain (docs/decisions.md "The agency's domain serves its clients' product"): a plain page
// in the agency's brand with Sign In, never CardCrew's marketing page. A signed-in person is sent on before it (their
// dashboard or portal), as on the platform's home page (landing-page.tsx).
import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/button';
import { PageSpinner } from '@web/components/spinner';
import { useBrandTheme } from '@web/lib/theme';
import { BrandMark } from './brand-mark';
import { useBrandChrome } from './use-brand-chrome';
import { useSiteBrand } from './site-brand';

export function DomainHome() {
  const { site, pending } = useSiteBrand();
  const brand = site?.brand ?? null;
  useBrandChrome(brand);
  useBrandTheme(brand?.colors);
  if (pending) return <PageSpinner />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted px-4 py-12 text-center">
      {brand && (
        <p className="flex items-center gap-3 text-2xl font-bold">
          <BrandMark brand={brand} className="size-11" />
          {brand.name}
        </p>
      )}
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Your digital business cards</h1>
      <p className="max-w-md text-muted-foreground">Sign in to manage your team’s cards, or to open your own.</p>
      <Button asChild size="lg">
        <Link to="/auth">
          <LogIn aria-hidden />
          Sign In
        </Link>
      </Button>
      {brand?.supportEmail && (
        <p className="text-sm text-muted-foreground">
          Questions? <a className="underline underline-offset-4" href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </p>
      )}
    </main>
  );
}
