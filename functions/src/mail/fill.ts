// Fills a mail template compiled at build time (templates.generated.ts, from the React Email components in
// templates/) with the values of one mail. The syntax is a tiny, explicit subset of Mustache, never evaluated:
//   {{name}}               a value, always HTML-escaped; inside an href/src attribute it must be an http(s) URL, and
//                          after href="mailto: it must be a plain e-mail address (no ?, &, # or spaces).
//   {{#name}}…{{/name}}    a section: shown once when the value is true or a non-empty string (inside, {{name}} is
//                          that string), once per item when it is a list of objects (their fields come first), else
//                          dropped.
//   {{^name}}…{{/name}}    shown only when the section above would be dropped (the "else", e.g. CardCrew's footer).
// A value the template needs and the caller did not give is an error, so a renamed field cannot send an empty mail.
import { escapeHtml } from '../../../shared/html';

export type MailValue = string | boolean | null | undefined | readonly MailScope[];
export interface MailScope {
  readonly [key: string]: MailValue;
}

type Kind = 'text' | 'url' | 'mailto';
type Part = { text: string } | { value: string; kind: Kind } | { section: string; inverted: boolean; body: Part[] };

const TOKEN = /\{\{([#^/]?)([A-Za-z][A-Za-z0-9]*)\}\}/g;

/** Where a token stands: in an href/src attribute (a URL or, after mailto:, an address) or anywhere else. */
function kindAt(template: string, index: number): Kind {
  const tagStart = template.lastIndexOf('<', index);
  const before = template.slice(tagStart, index);
  if (tagStart < 0 || before.includes('>')) return 'text';
  const attribute = /\s([a-zA-Z-]+)="([^"]*)$/.exec(before);
  if (!attribute) return 'text';
  const [, rawName = '', valueBefore] = attribute;
  const name = rawName.toLowerCase();
  // CSS and event handlers are code: no value goes there, escaped or not.
  if (name === 'style' || name.startsWith('on'))
    throw new Error(`Mail template: no value may go into a ${name} attribute`);
  if (name !== 'href' && name !== 'src') return 'text';
  if (valueBefore === 'mailto:') return 'mailto';
  if (valueBefore !== '') throw new Error(`A URL token must fill the whole attribute: ${before}`);
  return 'url';
}

/** Parses a template once into text, values and sections (checked: every section closes, in order). */
export function parseTemplate(template: string): Part[] {
  const root: Part[] = [];
  const stack: { name: string; body: Part[] }[] = [{ name: '', body: root }];
  let last = 0;
  for (const match of template.matchAll(TOKEN)) {
    const [whole, sigil, name] = match as unknown as [string, string, string];
    const current = stack[stack.length - 1]!;
    if (match.index > last) current.body.push({ text: template.slice(last, match.index) });
    last = match.index + whole.length;
    if (sigil === '#' || sigil === '^') {
      const body: Part[] = [];
      current.body.push({ section: name, inverted: sigil === '^', body });
      stack.push({ name, body });
    } else if (sigil === '/') {
      if (current.name !== name || stack.length === 1)
        throw new Error(`Mail template: {{/${name}}} closes ${current.name || 'nothing'}`);
      stack.pop();
    } else {
      current.body.push({ value: name, kind: kindAt(template, match.index) });
    }
  }
  if (stack.length > 1) throw new Error(`Mail template: {{#${stack[stack.length - 1]!.name}}} is never closed`);
  if (last < template.length) root.push({ text: template.slice(last) });
  return root;
}

function lookup(scopes: readonly MailScope[], name: string): MailValue {
  for (const scope of scopes) if (Object.hasOwn(scope, name)) return scope[name];
  throw new Error(`Mail template: no value for {{${name}}}`);
}

function checked(value: string, kind: Kind, name: string): string {
  if (kind === 'url') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`Mail template: {{${name}}} is not a URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`Mail template: {{${name}}} is not an http(s) URL`);
  }
  if (kind === 'mailto' && !/^[^\s@<>"'?&#%/\\]+@[^\s@<>"'?&#%/\\]+$/.test(value))
    throw new Error(`Mail template: {{${name}}} is not an e-mail address`);
  return escapeHtml(value);
}

function render(parts: readonly Part[], scopes: readonly MailScope[]): string {
  let out = '';
  for (const part of parts) {
    if ('text' in part) out += part.text;
    else if ('value' in part) {
      const value = lookup(scopes, part.value);
      if (typeof value !== 'string') throw new Error(`Mail template: {{${part.value}}} must be text`);
      out += checked(value, part.kind, part.value);
    } else {
      const value = lookup(scopes, part.section);
      const items: readonly MailScope[] = Array.isArray(value) ? value : value ? [{}] : [];
      if (part.inverted) out += items.length === 0 ? render(part.body, scopes) : '';
      else for (const item of items) out += render(part.body, [item, ...scopes]);
    }
  }
  return out;
}

const parsed = new Map<string, Part[]>();

/** The template filled with the values (and the scopes around them, e.g. the brand). */
export function fillTemplate(template: string, ...scopes: MailScope[]): string {
  let parts = parsed.get(template);
  if (!parts) parsed.set(template, (parts = parseTemplate(template)));
  return render(parts, scopes);
}
