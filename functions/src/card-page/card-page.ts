// The public card page (spec 1 'Public card'): server-rendered HTML with inline CSS and no JavaScript, built from an
// escaped template (no React in this Lambda). Everything user-entered goes through `esc`; links are only http(s),
// mailto: and tel:. The business's design picks the header's layout (Classic, Compact, Banner) and the optional
// fields shown; only the chosen layout's CSS is sent.
import { mapLinkOf, visibleCardExtras, type StoredCardExtras } from '../../../shared/card-design';
import type { CardDesignFields, CardLayout } from '../../../shared/schemas/card-design';
import { brandTheme, DEFAULT_BRAND_COLORS, readableTextOn, readableTextOnAll } from '../../../shared/colour';
import { initials } from '../../../shared/format';
import { initialIconUrl } from '../../../shared/initial-icon';
import { qrModules, qrSvg } from '../../../shared/qr-pixels';
import { markedCardUrl } from '../../../shared/scan-sources';
import { renditionUrl } from '../../../shared/media-urls';
import { messages } from '../../../shared/messages';
import { contactExchangeMessages } from '../../../shared/messages/contact-exchange';
import { isHttpUrl } from '../../../shared/urls';

export interface PublicCardView {
  cardId: string;
  cardUrl: string;
  vcardUrl: string;
  /** The card's link preview image (1200×630 JPEG, issue 22 §5), once the card-sharing worker has rendered it. */
  previewImageUrl?: string;
  profile: StoredCardExtras & {
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
    /** Absent: Classic, no optional field. */
    design?: { layout: CardLayout; coverUrl?: string; fields: CardDesignFields };
    /** Show a small QR code of the card (Company Settings), to pass it on in person. */
    cardPageQr?: boolean;
  };
}

const css = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.45}
main{max-width:28rem;margin:0 auto;padding:1rem}.card{background:#fff;border-radius:1rem;overflow:hidden;box-shadow:0 10px 30px rgba(15,23,42,.12)}
header{background:linear-gradient(135deg,hsl(var(--primary)),hsl(var(--secondary)));color:var(--on-header);padding:2rem 1.5rem;text-align:center}
.avatar{width:6rem;height:6rem;border-radius:50%;margin:0 auto 1rem;display:flex;align-items:center;justify-content:center;font-size:2rem;font-weight:700;background:rgba(255,255,255,.2);border:3px solid rgba(255,255,255,.6);object-fit:cover}
h1{margin:0;font-size:1.5rem}.title{margin:.25rem 0 0}.org{margin:.25rem 0 0;font-weight:600}
.details{list-style:none;margin:0;padding:1.25rem 1.5rem;display:grid;gap:.75rem}.details li{display:flex;gap:.75rem;align-items:baseline;overflow-wrap:anywhere}
.label{min-width:5.5rem;color:#475569;font-size:.875rem}a{color:var(--link)}
.actions{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;padding:0 1.5rem 1.5rem}
.btn{display:flex;align-items:center;justify-content:center;text-align:center;padding:.75rem .5rem;border-radius:.6rem;font-weight:600;text-decoration:none;background:hsl(var(--primary));color:var(--on-primary)}
.btn.alt{background:hsl(var(--accent));color:var(--on-accent)}
footer{display:flex;gap:.75rem;align-items:center;padding:1rem 1.5rem;border-top:1px solid #e2e8f0;font-size:.875rem;color:#475569}
footer img{width:2.5rem;height:2.5rem;object-fit:contain;border-radius:.4rem}footer p{margin:0}.badge{font-size:.75rem;color:#64748b}
.passon{margin:1rem 1.5rem 1.25rem;display:flex;flex-direction:column;align-items:center;gap:.35rem;font-size:.8rem;color:#475569}.passon svg{width:8.25rem;height:8.25rem}
.missing{text-align:center;padding:3rem 1.5rem}.gone .details{text-align:left;padding:0}.gone .btn{display:inline-flex;padding:.75rem 1.25rem}
.share{border-top:1px solid #e2e8f0;padding:1rem 1.5rem}.share summary{cursor:pointer;font-weight:600;color:var(--link)}
.share form{display:grid;gap:.6rem;margin-top:.75rem}.share label{display:grid;gap:.2rem;font-size:.875rem;color:#334155}
.share input,.share textarea{font:inherit;padding:.55rem .65rem;border:1px solid #94a3b8;border-radius:.5rem;width:100%}
.share .consent{display:flex;gap:.5rem;align-items:flex-start}.share .consent input{width:auto;margin-top:.2rem}
.share button{font:inherit;border:0;cursor:pointer}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.problems{color:#b91c1c;padding-left:1.25rem}
.pronouns{margin:.15rem 0 0;font-size:.875rem}.bio{margin:0;padding:1.25rem 1.5rem 0;white-space:pre-line}.multi{white-space:pre-line}`;

/** Each layout's own rules, sent only with that layout (the page stays small). Header text on white is slate-900. */
const layoutCss: Record<CardLayout, string> = {
  classic: '',
  compact:
    `header.compact{background:#fff;color:#0f172a;border-top:.5rem solid hsl(var(--primary));display:flex;gap:1rem;align-items:center;text-align:left;padding:1.25rem 1.5rem 0}` +
    `header.compact .avatar{width:4.5rem;height:4.5rem;margin:0;flex:none;font-size:1.5rem;border:0;background:hsl(var(--primary));color:var(--on-primary)}` +
    `header.compact h1{font-size:1.35rem}header.compact .title,header.compact .pronouns{color:#334155}`,
  banner:
    `header.banner{padding:0 1.5rem 0;background:#fff;color:#0f172a}` +
    `.cover{height:9.5rem;margin:0 -1.5rem;background:linear-gradient(135deg,hsl(var(--primary)),hsl(var(--secondary)))}.cover img{display:block;width:100%;height:100%;object-fit:cover}` +
    `header.banner .avatar{margin:-3rem auto .75rem;border:4px solid #fff;background:hsl(var(--primary));color:var(--on-primary);position:relative}` +
    `header.banner .title,header.banner .pronouns{color:#334155}`,
};

/** The headers of every page this template renders: never cached or indexed, and a CSP that allows no script. */
export const cardPageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
};

/** Escapes text and attribute values (the five characters that matter in HTML). */
export function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function themeStyle(business: PublicCardView['business']): string {
  const primary = business.primaryColor ?? DEFAULT_BRAND_COLORS.primaryColor;
  const secondary = business.secondaryColor ?? DEFAULT_BRAND_COLORS.secondaryColor;
  const theme = brandTheme({ primaryColor: business.primaryColor ?? null, secondaryColor: business.secondaryColor ?? null, accentColor: business.accentColor ?? null });
  const vars = Object.entries(theme).map(([k, v]) => `${k}:${v}`);
  // The header's text must read on every stop of its gradient; buttons on their own colour.
  vars.push(`--on-header:${readableTextOnAll([primary, secondary])}`);
  vars.push(`--on-primary:${readableTextOn(primary)}`);
  vars.push(`--on-accent:${readableTextOn(business.accentColor ?? DEFAULT_BRAND_COLORS.accentColor)}`);
  // Links sit on white: the primary colour when it reads there, else slate.
  vars.push(`--link:${readableTextOn(primary) === '#ffffff' ? `hsl(${theme['--primary']})` : '#1e3a8a'}`);
  return `:root{${vars.join(';')}}`;
}

const safeUrl = (url: string | undefined) => (url && isHttpUrl(url) ? url : undefined);
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
const row = (label: string, content: string) => `<li><span class="label">${label}</span>${content}</li>`;

/** The avatar: the photo (1× and 2× renditions of the 96 px size), else the initials. */
function avatarOf(p: PublicCardView['profile']): string {
  const photo = safeUrl(p.photoUrl);
  return photo
    ? `<img class="avatar" src="${esc(renditionUrl(photo, 96))}" srcset="${esc(`${renditionUrl(photo, 96)} 1x, ${renditionUrl(photo, 192)} 2x`)}" alt="${esc(p.name)}" width="96" height="96">`
    : `<div class="avatar" aria-hidden="true">${esc(initials(p.name))}</div>`;
}

/** The banner's cover: the 480 and 640 px renditions for the card's width; a band of the brand colours without one. */
function coverOf(coverUrl: string | undefined): string {
  const cover = safeUrl(coverUrl);
  const img = cover
    ? `<img src="${esc(renditionUrl(cover, 480))}" srcset="${esc(`${renditionUrl(cover, 480)} 480w, ${renditionUrl(cover, 640)} 640w`)}" sizes="(min-width: 28rem) 26rem, calc(100vw - 2rem)" alt="" width="480" height="160" fetchpriority="high">`
    : '';
  return `<div class="cover">${img}</div>`;
}

/** The header of each layout: photo, name, pronouns, title and company. */
function headerOf(view: PublicCardView, extras: StoredCardExtras): string {
  const { profile: p, business: b } = view;
  const layout = b.design?.layout ?? 'classic';
  const text =
    `<h1>${esc(p.name)}</h1>` +
    (extras.pronouns ? `<p class="pronouns">${esc(extras.pronouns)}</p>` : '') +
    (p.jobTitle ? `<p class="title">${esc(p.jobTitle)}</p>` : '') +
    `<p class="org">${esc(b.name)}</p>`;
  if (layout === 'compact') return `<header class="compact">${avatarOf(p)}<div>${text}</div></header>`;
  if (layout === 'banner') return `<header class="banner">${coverOf(b.design?.coverUrl)}${avatarOf(p)}${text}</header>`;
  return `<header>${avatarOf(p)}${text}</header>`;
}

const displayUrl = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');
const webLink = (url: string, text: string) => `<a href="${esc(url)}" rel="noopener noreferrer">${esc(text)}</a>`;

function cardBody(view: PublicCardView): string {
  const { profile: p, business: b } = view;
  const extras = visibleCardExtras(p, b.design?.fields);
  const callNumber = p.officePhone ?? p.mobilePhone ?? p.phone;
  const linkedin = safeUrl(p.linkedinProfile);
  const website = safeUrl(b.website);
  const logo = safeUrl(b.logoUrl);

  const details = [
    p.email && row('Email', `<a href="mailto:${esc(p.email)}">${esc(p.email)}</a>`),
    p.officePhone && row('Office', `<a href="${esc(telHref(p.officePhone))}">${esc(p.officePhone)}</a>`),
    p.mobilePhone && row('Mobile', `<a href="${esc(telHref(p.mobilePhone))}">${esc(p.mobilePhone)}</a>`),
    !p.officePhone && !p.mobilePhone && p.phone && row('Phone', `<a href="${esc(telHref(p.phone))}">${esc(p.phone)}</a>`),
    p.department && row('Department', `<span>${esc(p.department)}</span>`),
    extras.bookingUrl && row('Meetings', webLink(extras.bookingUrl, 'Book a meeting')),
    extras.officeAddress &&
      row('Address', `<span><span class="multi">${esc(extras.officeAddress)}</span><br>${webLink(mapLinkOf(extras.officeAddress), 'Show on map')}</span>`),
    linkedin && row('LinkedIn', webLink(linkedin, 'LinkedIn Profile')),
    website && row('Website', webLink(website, displayUrl(website))),
    ...(extras.extraLinks ?? []).map((link) => row(esc(link.label), webLink(link.url, displayUrl(link.url)))),
  ]
    .filter(Boolean)
    .join('');
  const actions = [
    p.email && `<a class="btn" href="mailto:${esc(p.email)}">Email</a>`,
    callNumber && `<a class="btn" href="${esc(telHref(callNumber))}">Call</a>`,
    `<a class="btn alt" href="${esc(view.vcardUrl)}" download>Save Contact</a>`,
  ]
    .filter(Boolean)
    .join('');
  const logoImg = logo
    ? `<img src="${esc(renditionUrl(logo, 64))}" srcset="${esc(`${renditionUrl(logo, 64)} 1x, ${renditionUrl(logo, 128)} 2x`)}" alt="${esc(`${b.name} logo`)}" width="40" height="40" loading="lazy">`
    : '';
  return (
    `<main><article class="card">${headerOf(view, extras)}` +
    (extras.bio ? `<p class="bio">${esc(extras.bio)}</p>` : '') +
    `<ul class="details">${details}</ul>` +
    `<nav class="actions" aria-label="Contact actions">${actions}</nav>` +
    shareForm(view) +
    (b.cardPageQr ? passOnQr(view) : '') +
    `<footer>${logoImg}<div><p><strong>${esc(b.name)}</strong></p>${b.description ? `<p>${esc(b.description)}</p>` : ''}<p class="badge">Digital Business Card</p></div></footer>` +
    `</article></main>`
  );
}

/**
 * A small QR code of the card (a business's choice in Company Settings), so that a recipient can pass the card on in
 * person: inline SVG, no request and no JavaScript; the URL is marked as a QR scan. Level M: nothing covers it.
 */
function passOnQr(view: PublicCardView): string {
  const svg = qrSvg(qrModules(markedCardUrl(view.cardUrl, 'qr'), 'M'), 132, ` role="img" aria-label="${esc(`QR code of ${view.profile.name}’s card`)}"`);
  return `<figure class="passon">${svg}<figcaption>Scan to open this card on another phone</figcaption></figure>`;
}

/** First name for 'Share your details with …': the first word of the name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * 'Share your details with {first name}' (issue 11 §3): a plain form POST, no JavaScript. `website` is a honeypot kept
 * out of sight and out of the tab order; the consent names who receives the details.
 */
function shareForm(view: PublicCardView): string {
  const { profile: p, business: b } = view;
  const m = contactExchangeMessages;
  const input = (name: string, label: string, attrs: string) => `<label>${label}<input name="${name}" ${attrs}></label>`;
  return (
    `<details class="share"><summary>${esc(m.title(firstNameOf(p.name)))}</summary>` +
    `<form method="post" action="/api/public/cards/${esc(view.cardId)}/contact">` +
    input('name', 'Your name', 'required maxlength="100" autocomplete="name"') +
    input('email', 'Email', 'type="email" required maxlength="254" autocomplete="email"') +
    input('phone', 'Phone (optional)', 'type="tel" maxlength="40" autocomplete="tel"') +
    input('company', 'Company (optional)', 'maxlength="200" autocomplete="organization"') +
    `<label>Note (optional)<textarea name="note" rows="3" maxlength="1000"></textarea></label>` +
    `<div class="hp" aria-hidden="true"><label>Website<input name="website" tabindex="-1" autocomplete="off"></label></div>` +
    `<label class="consent"><input type="checkbox" name="consent" value="yes" required><span>${esc(m.consent(p.name, b.name))}</span></label>` +
    `<button class="btn" type="submit">Send my details</button></form></details>`
  );
}

/** The answer to the form, in the card's look: thanks, or what to correct with a way back to the card. */
export function renderContactResult(view: PublicCardView, outcome: { ok: true } | { ok: false; problems: string[] }): string {
  const m = contactExchangeMessages;
  const first = firstNameOf(view.profile.name);
  const content = outcome.ok
    ? `<h1>${esc(m.thanksTitle)}</h1><p>${esc(m.thanks(first))}</p>`
    : `<h1>${esc(m.problemTitle)}</h1><ul class="problems">${outcome.problems.map((problem) => `<li>${esc(problem)}</li>`).join('')}</ul>`;
  const body = `<main><article class="card missing">${content}<p><a href="/card/${esc(view.cardId)}">Back to ${esc(view.profile.name)}’s card</a></p></article></main>`;
  return page(esc(outcome.ok ? m.thanksTitle : m.problemTitle), '', body, themeStyle(view.business), businessIcon(view.business));
}

/** The platform's icon: only on pages that belong to no business (Card Not Found on the platform's address). */
const PLATFORM_ICON = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
/** No tab icon (an empty data URL, so the browser does not ask for /favicon.ico either). */
export const NO_ICON = '<link rel="icon" href="data:,">';

/** What an agency's custom domain shows in the tab of a page that belongs to no business (issue 40). */
export interface DomainAgencyMark {
  /** The name its clients see (its white-label name, else its own). */
  name: string;
  logoUrl?: string;
  /** The favicon's 32 px PNG rendition (shared/favicon.ts). */
  favicon32?: string;
}

/**
 * The agency's mark on its own domain, never the platform's: its favicon, else its logo's 64 px rendition, else its
 * initial on slate (as its clients' signed-in pages show it, web/src/features/white-label/brand-chrome.ts).
 */
export function agencyIcon(agency: DomainAgencyMark): string {
  const favicon = safeUrl(agency.favicon32);
  if (favicon) return `<link rel="icon" href="${esc(favicon)}" type="image/png" sizes="32x32">`;
  const logo = safeUrl(agency.logoUrl);
  if (logo) return `<link rel="icon" href="${esc(renditionUrl(logo, 64))}">`;
  return `<link rel="icon" href="${initialIconUrl(agency.name, '#334155', '#ffffff')}">`;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A card page is the business's page, so its tab shows the business's mark, never the platform's (issue 21: a
 * white-labelled client's cards name CardCrew nowhere): the logo's 64 px rendition (the one the page shows), or else
 * the business's initial on its primary colour, inline (no request).
 */
export function businessIcon(business: PublicCardView['business']): string {
  const logo = safeUrl(business.logoUrl);
  if (logo) return `<link rel="icon" href="${esc(renditionUrl(logo, 64))}">`;
  const fill = business.primaryColor && HEX_COLOR.test(business.primaryColor) ? business.primaryColor : DEFAULT_BRAND_COLORS.primaryColor;
  return `<link rel="icon" href="${initialIconUrl(business.name, fill, readableTextOn(fill))}">`;
}

function page(title: string, head: string, body: string, themeCss: string, icon: string = PLATFORM_ICON): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${icon}<title>${title}</title>${head}<style>${themeCss}${css}</style></head><body>${body}</body></html>`;
}

/** The link preview's size (functions/src/link-preview/preview-image.ts renders it; kept here so this Lambda imports none of it). */
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** What the shared image shows, for people who cannot see it: '{name}, {title} at {company}'. */
export function previewAltText(view: Pick<PublicCardView, 'profile' | 'business'>): string {
  const { profile: p, business: b } = view;
  return p.jobTitle ? `${p.name}, ${p.jobTitle} at ${b.name}` : `${p.name}, ${b.name}`;
}

export function renderCardPage(view: PublicCardView): string {
  const { profile: p, business: b } = view;
  const title = `${p.name} – ${b.name}`;
  const description = [p.jobTitle, b.name].filter(Boolean).join(' at ');
  // The link preview (issue 22 §5) when it has been rendered, else the photo; chat apps show a large image for it.
  const preview = safeUrl(view.previewImageUrl);
  const image = preview ?? safeUrl(p.photoUrl);
  const og = [
    ['og:type', 'profile'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', view.cardUrl],
    ...(image ? [['og:image', image]] : []),
    ...(preview ? [['og:image:type', 'image/jpeg'], ['og:image:width', String(PREVIEW_IMAGE_SIZE.width)], ['og:image:height', String(PREVIEW_IMAGE_SIZE.height)]] : []),
    ...(image ? [['og:image:alt', previewAltText(view)]] : []),
  ]
    .map(([k, v]) => `<meta property="${k}" content="${esc(v!)}">`)
    .join('');
  const twitter = [['twitter:card', preview ? 'summary_large_image' : 'summary'], ...(image ? [['twitter:image', image]] : [])]
    .map(([k, v]) => `<meta name="${k}" content="${esc(v!)}">`)
    .join('');
  const head = `<meta name="description" content="${esc(description)}">${og}${twitter}`;
  return page(esc(title), head, cardBody(view), themeStyle(b) + layoutCss[b.design?.layout ?? 'classic'], businessIcon(b));
}

/** A leaver's page (issue 23 §2): who left which company, and the way on. */
export interface GoneCardView {
  /** The card's own URL (og:url). */
  cardUrl: string;
  name: string;
  business: PublicCardView['business'];
  phone?: string;
  successor?: { cardId: string; name: string };
}

/** '{name} is no longer with {company}' (410 Gone) with the colleague's card, else the company's website and phone. */
export function renderCardGone(view: GoneCardView): string {
  const m = messages.leavers;
  const b = view.business;
  const website = safeUrl(b.website);
  const logo = safeUrl(b.logoUrl);
  const wayOn = view.successor
    ? `<p>${esc(m.successorLead)}</p><p><a class="btn" href="/card/${esc(view.successor.cardId)}">${esc(m.successorCard(view.successor.name))}</a></p>`
    : website || view.phone
      ? `<p>${esc(m.companyLead(b.name))}</p><ul class="details">` +
        (website ? row('Website', `<a href="${esc(website)}" rel="noopener noreferrer">${esc(website.replace(/^https?:\/\//, '').replace(/\/$/, ''))}</a>`) : '') +
        (view.phone ? row('Phone', `<a href="${esc(telHref(view.phone))}">${esc(view.phone)}</a>`) : '') +
        `</ul>`
      : '';
  const logoImg = logo ? `<img src="${esc(renditionUrl(logo, 64))}" alt="${esc(`${b.name} logo`)}" width="40" height="40">` : '';
  const title = m.gone(view.name, b.name);
  const body =
    `<main><article class="card"><div class="missing gone"><h1>${esc(title)}</h1>${wayOn}</div>` +
    `<footer>${logoImg}<div><p><strong>${esc(b.name)}</strong></p></div></footer></article></main>`;
  const wayOnText = view.successor ? `${m.successorLead} ${m.successorCard(view.successor.name)}.` : wayOn ? m.companyLead(b.name).replace(/:$/, '.') : null;
  return page(esc(title), goneShareTags(view, title, wayOnText), body, themeStyle(b), businessIcon(b));
}

/**
 * A shared link of a leaver's card (issue 39) says they left and where to go (the page's way on), with no image: never their photo or
 * preview (both may be cached by chat apps under their own URLs), and not the logo either, so no app shows a stale
 * picture beside it.
 */
function goneShareTags(view: GoneCardView, title: string, description: string | null): string {
  const og = [
    ['og:type', 'website'],
    ['og:title', title],
    ...(description ? [['og:description', description]] : []),
    ['og:url', view.cardUrl],
    ['og:site_name', view.business.name],
  ]
    .map(([k, v]) => `<meta property="${k}" content="${esc(v!)}">`)
    .join('');
  return `${description ? `<meta name="description" content="${esc(description)}">` : ''}${og}<meta name="twitter:card" content="summary">`;
}

/** 'Card Not Found'; on an agency's custom domain with the agency's mark in the tab (`icon`, agencyIcon). */
export function renderCardNotFound(message: string = messages.card.notFound, icon: string = PLATFORM_ICON): string {
  const body = `<main><article class="card missing"><h1>${esc(messages.card.notFoundTitle)}</h1><p>${esc(message)}</p></article></main>`;
  return page(messages.card.notFoundTitle, '', body, themeStyle({ name: '' }), icon);
}
