// Any unknown path (spec 1 §2): 'Oops! Page not found' with a link home. The server answers 200 with the app for
// every extension-less path, so the page tells search engines itself not to index it (React hoists the <meta>). Its
// title is set on the document's one <title> (a rendered <title> would be a second one, naming CardCrew). A
// white-labelled client's person (signed in, or signed out after having been) sees the agency's name, icon and colours
// and is sent to its sign-in page, not CardCrew's home (issue 40).
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/button';
import { useBrandTheme } from '@web/lib/theme';
import { useSession } from '@web/features/auth/session-provider';
import { useBrandChrome } from '@web/features/white-label/use-brand-chrome';
import { useHomePath, useRememberedBrand } from '@web/features/white-label/use-remembered-brand';

const PLATFORM_TITLE = 'Page not found · CardCrew';

export function NotFoundPage() {
  const { user, me } = useSession();
  const remembered = useRememberedBrand();
  // Signed in, the session shows its own brand in the tab (SessionProvider); signed out, the kept one does here.
  const keptBrand = user ? null : remembered;
  useBrandChrome(keptBrand);
  const brand = me?.brand ?? keptBrand;
  useBrandTheme(brand?.colors);
  const branded = brand !== null && brand !== undefined;
  const home = useHomePath(user !== null);
  useEffect(() => {
    if (branded) return; // the brand's name is the tab's title
    const before = document.title;
    document.title = PLATFORM_TITLE;
    return () => {
      document.title = before;
    };
  }, [branded]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-secondary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={home}>Return to Home</Link>
      </Button>
    </main>
  );
}
