// The portal's prefilled share links, read back as the apps that open them would: each carries the card URL with its
// own source mark, and the text survives the URL encoding.
import { describe, expect, it } from 'vitest';
import { scanSourceOfMark } from './scan-sources';
import { shareLinksOf } from './share-links';

const cardUrl = 'https://cards.example.com/card/AbCdEfGhIjKlMnOpQrStUv';
const links = shareLinksOf({ cardUrl, name: 'Zoë O’Brien & Co' });

/** The source a message's card link is counted under. */
function sourceIn(text: string): string {
  const url = new URL(/https:\/\/\S+/.exec(text)![0]);
  expect(url.origin + url.pathname).toBe(cardUrl);
  return scanSourceOfMark(url.searchParams.get('s') ?? undefined);
}

describe('share links', () => {
  it('gives the share sheet the card URL marked as a share, with a title and words', () => {
    expect(links.shareData).toEqual({ title: 'Zoë O’Brien & Co’s digital business card', text: 'Here is my digital business card:', url: `${cardUrl}?s=sh` });
    expect(sourceIn(links.shareData.url)).toBe('share');
  });

  it('prefills a text message with the card URL marked as a text, for no recipient', () => {
    expect(links.text.startsWith('sms:?&body=')).toBe(true);
    const body = decodeURIComponent(links.text.slice('sms:?&body='.length));
    expect(body).toBe(`Here is my digital business card: ${cardUrl}?s=sms`);
    expect(sourceIn(body)).toBe('text');
  });

  it('prefills WhatsApp’s click-to-chat link with the card URL marked as WhatsApp', () => {
    const url = new URL(links.whatsapp);
    expect([url.origin, url.pathname, [...url.searchParams.keys()]]).toEqual(['https://wa.me', '/', ['text']]);
    expect(url.searchParams.get('text')).toBe(`Here is my digital business card: ${cardUrl}?s=wa`);
    expect(sourceIn(url.searchParams.get('text')!)).toBe('whatsapp');
  });

  it('prefills an e-mail’s subject and body (RFC 6068 encoding: %20 for spaces, CRLF lines), marked as an e-mail', () => {
    const [target, query] = links.email.split('?');
    expect(target).toBe('mailto:');
    expect(query).not.toMatch(/[ +]/);
    const fields = Object.fromEntries(query!.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]));
    expect(fields).toEqual({
      subject: 'Zoë O’Brien & Co’s digital business card',
      body: `Here is my digital business card: ${cardUrl}?s=em\r\n\r\nZoë O’Brien & Co`,
    });
    expect(sourceIn(fields.body!)).toBe('email');
  });
});
