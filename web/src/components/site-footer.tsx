// The public site's footer (spec 1 §1): the year 2025, the brand, 'All Rights Reserved' and the static-page links.
import { Link } from 'react-router';

const FOOTER_YEAR = 2025; // spec 1 §9: the footer reads the year 2025, not the current year

const links = [
  { to: '/about', label: 'About us' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];

export function SiteFooter() {
  return (
    <footer className="border-t px-4 py-8">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 text-sm text-muted-foreground sm:flex-row">
        <p>© {FOOTER_YEAR} CardCrew. All Rights Reserved.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="underline-offset-4 hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
