// Escaping for HTML written as text (mails, the e-mail signature): text and attribute values alike, so nothing a person
// typed can open a tag or leave an attribute.
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
