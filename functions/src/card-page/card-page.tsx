// The public card page (spec 1 'Public card'): server-rendered HTML with inline CSS and no JavaScript.
// Everything user-entered is escaped by React; links are only http(s), mailto: and tel:.
import { renderToStaticMarkup } from 'react-dom/server';
import { brandTheme, readableTextOn, DEFAULT_BRAND_COLORS } from '../../../shared/colour';
import { initials } from '../../../shared/format';
import { renditionUrl } from '../../../shared/media-urls';
import { messages } from '../../../shared/messages';
import { isHttpUrl } from '../../../shared/schemas/common';

export interface PublicCardView {
  cardId: string;
  cardUrl: string;
  vcardUrl: string;
  profile: {
    name: string;
    email?: string;
    phone?: string;
    officePhone?: string;
    mobilePhone?: string;
    jobTitle?: string;
    department?: string;
    linkedinProfile?: string;
    photoUrl?: string;
  };
  business: {
    name: string;
    logoUrl?: string;
    website?: string;
    description?: string;
    primaryColor?: string;
    secondaryColor?: string;
    accentColor?: string;
  };
}

const css = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.45}
main{max-width:28rem;margin:0 auto;padding:1rem}.card{background:#fff;border-radius:1rem;overflow:hidden;box-shadow:0 10px 30px rgba(15,23,42,.12)}
header{background:linear-gradient(135deg,hsl(var(--primary)),hsl(var(--secondary)));color:var(--on-primary);padding:2rem 1.5rem;text-align:center}
.avatar{width:6rem;height:6rem;border-radius:50%;margin:0 auto 1rem;display:flex;align-items:center;justify-content:center;font-size:2rem;font-weight:700;background:rgba(255,255,255,.2);border:3px solid rgba(255,255,255,.6);object-fit:cover}
h1{margin:0;font-size:1.5rem}.title{margin:.25rem 0 0;opacity:.92}.org{margin:.25rem 0 0;font-weight:600}
.details{list-style:none;margin:0;padding:1.25rem 1.5rem;display:grid;gap:.75rem}.details li{display:flex;gap:.75rem;align-items:baseline;overflow-wrap:anywhere}
.label{min-width:5.5rem;color:#64748b;font-size:.875rem}a{color:hsl(var(--primary))}
.actions{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;padding:0 1.5rem 1.5rem}
.btn{display:flex;align-items:center;justify-content:center;text-align:center;padding:.75rem .5rem;border-radius:.6rem;font-weight:600;text-decoration:none;background:hsl(var(--primary));color:var(--on-primary)}
.btn.alt{background:hsl(var(--accent));color:var(--on-accent)}
footer{display:flex;gap:.75rem;align-items:center;padding:1rem 1.5rem;border-top:1px solid #e2e8f0;font-size:.875rem;color:#475569}
footer img{width:2.5rem;height:2.5rem;object-fit:contain;border-radius:.4rem}footer p{margin:0}.badge{font-size:.75rem;color:#94a3b8}
.missing{text-align:center;padding:3rem 1.5rem}`;

function themeStyle(business: PublicCardView['business']): string {
  const theme = brandTheme({
    primaryColor: business.primaryColor ?? null,
    secondaryColor: business.secondaryColor ?? null,
    accentColor: business.accentColor ?? null,
  });
  const vars = Object.entries(theme).map(([k, v]) => `${k}:${v}`);
  vars.push(`--on-primary:${readableTextOn(business.primaryColor ?? DEFAULT_BRAND_COLORS.primaryColor)}`);
  vars.push(`--on-accent:${readableTextOn(business.accentColor ?? DEFAULT_BRAND_COLORS.accentColor)}`);
  return `:root{${vars.join(';')}}`;
}

const safeUrl = (url: string | undefined) => (url && isHttpUrl(url) ? url : undefined);
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

function Card({ view }: { view: PublicCardView }) {
  const { profile: p, business: b } = view;
  const photo = safeUrl(p.photoUrl);
  const callNumber = p.officePhone ?? p.mobilePhone ?? p.phone;
  const showGenericPhone = !p.officePhone && !p.mobilePhone && p.phone;
  const linkedin = safeUrl(p.linkedinProfile);
  const website = safeUrl(b.website);
  const logo = safeUrl(b.logoUrl);
  return (
    <main>
      <article className="card">
        <header>
          {photo ? (
            <img className="avatar" src={renditionUrl(photo, 96)} srcSet={`${renditionUrl(photo, 96)} 1x, ${renditionUrl(photo, 192)} 2x`} alt={p.name} width={96} height={96} />
          ) : (
            <div className="avatar" aria-hidden="true">{initials(p.name)}</div>
          )}
          <h1>{p.name}</h1>
          {p.jobTitle && <p className="title">{p.jobTitle}</p>}
          <p className="org">{b.name}</p>
        </header>
        <ul className="details">
          {p.email && (
            <li>
              <span className="label">Email</span>
              <a href={`mailto:${p.email}`}>{p.email}</a>
            </li>
          )}
          {p.officePhone && (
            <li>
              <span className="label">Office</span>
              <a href={telHref(p.officePhone)}>{p.officePhone}</a>
            </li>
          )}
          {p.mobilePhone && (
            <li>
              <span className="label">Mobile</span>
              <a href={telHref(p.mobilePhone)}>{p.mobilePhone}</a>
            </li>
          )}
          {showGenericPhone && (
            <li>
              <span className="label">Phone</span>
              <a href={telHref(p.phone!)}>{p.phone}</a>
            </li>
          )}
          {p.department && (
            <li>
              <span className="label">Department</span>
              <span>{p.department}</span>
            </li>
          )}
          {linkedin && (
            <li>
              <span className="label">LinkedIn</span>
              <a href={linkedin} rel="noopener noreferrer">LinkedIn Profile</a>
            </li>
          )}
          {website && (
            <li>
              <span className="label">Website</span>
              <a href={website} rel="noopener noreferrer">{website.replace(/^https?:\/\//, '').replace(/\/$/, '')}</a>
            </li>
          )}
        </ul>
        <nav className="actions" aria-label="Contact actions">
          {p.email && <a className="btn" href={`mailto:${p.email}`}>Email</a>}
          {callNumber && <a className="btn" href={telHref(callNumber)}>Call</a>}
          <a className="btn alt" href={view.vcardUrl} download>Save Contact</a>
        </nav>
        <footer>
          {logo ? <img src={renditionUrl(logo, 64)} srcSet={`${renditionUrl(logo, 64)} 1x, ${renditionUrl(logo, 128)} 2x`} alt={`${b.name} logo`} width={40} height={40} loading="lazy" /> : null}
          <div>
            <p><strong>{b.name}</strong></p>
            {b.description && <p>{b.description}</p>}
            <p className="badge">Digital Business Card</p>
          </div>
        </footer>
      </article>
    </main>
  );
}

function page(title: string, head: string, body: string, themeCss: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>${head}<style>${themeCss}${css}</style></head><body>${body}</body></html>`;
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderCardPage(view: PublicCardView): string {
  const { profile: p, business: b } = view;
  const title = `${p.name} – ${b.name}`;
  const description = [p.jobTitle, b.name].filter(Boolean).join(' at ');
  const og = [
    ['og:type', 'profile'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', view.cardUrl],
    ...(safeUrl(p.photoUrl) ? [['og:image', p.photoUrl!]] : []),
  ]
    .map(([k, v]) => `<meta property="${k}" content="${escapeAttr(v!)}">`)
    .join('');
  const head = `<meta name="description" content="${escapeAttr(description)}">${og}`;
  return page(escapeAttr(title), head, renderToStaticMarkup(<Card view={view} />), themeStyle(b));
}

export function renderCardNotFound(message: string = messages.card.notFound): string {
  const body = renderToStaticMarkup(
    <main>
      <article className="card missing">
        <h1>{messages.card.notFoundTitle}</h1>
        <p>{message}</p>
      </article>
    </main>,
  );
  return page(messages.card.notFoundTitle, '', body, themeStyle({ name: '' }));
}
