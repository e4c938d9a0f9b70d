// The shared HTML frame of e-mails, and escaping for the values put into templates. A white-labelled client's mail
// (issue 21) carries its agency's name and support contacts in the footer instead of CardCrew's line.
import type { ClientBrand } from '../white-label/brand';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function footerOf(brand: ClientBrand | null): string {
  if (!brand) return 'CardCrew · Digital business cards for your whole team';
  const support = [
    `<a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#64748b">${escapeHtml(brand.supportEmail)}</a>`,
    ...(brand.supportUrl ? [`<a href="${escapeHtml(brand.supportUrl)}" style="color:#64748b">${escapeHtml(brand.supportUrl)}</a>`] : []),
  ].join(' · ');
  return `${escapeHtml(brand.name)} · ${support}`;
}

export function htmlLayout(title: string, bodyHtml: string, brand: ClientBrand | null = null): string {
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="margin-top:24px;font-size:12px;color:#64748b">${footerOf(brand)}</p></td></tr>
</table></td></tr></table></body></html>`;
}

/** The sender a white-labelled client's people see: the agency's name, and replies go to its support address. */
export function senderOf(brand: ClientBrand | null): { fromName?: string; replyTo?: string[] } {
  return brand ? { fromName: brand.name, replyTo: [brand.supportEmail] } : {};
}

/** The plain-text footer of a white-labelled mail (platform mails have none). */
export function textFooterOf(brand: ClientBrand | null): string[] {
  return brand ? ['', '--', brand.name, brand.supportEmail, ...(brand.supportUrl ? [brand.supportUrl] : [])] : [];
}
