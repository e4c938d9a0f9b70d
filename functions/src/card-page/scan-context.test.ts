// What a request counts as: a scan from a phone, tablet or desktop, by QR or link — or no scan at all.
import { describe, expect, it } from 'vitest';
import { deviceClassOf, scanContextOf, scanSourceOf } from './scan-context';

const ua = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('scan context', () => {
  it('classes phones, tablets and desktops by their User-Agent', () => {
    expect(deviceClassOf(ua.iphone)).toBe('phone');
    expect(deviceClassOf(ua.android)).toBe('phone');
    expect(deviceClassOf(ua.androidTablet)).toBe('tablet');
    expect(deviceClassOf(ua.ipad)).toBe('tablet');
    expect(deviceClassOf(ua.windows)).toBe('desktop');
    expect(deviceClassOf(ua.mac)).toBe('desktop');
  });

  it('does not count bots, link previews, headless browsers, scripts or a missing User-Agent', () => {
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'WhatsApp/2.23.20.0', 'Slackbot-LinkExpanding 1.0', ua.headless, 'curl/8.5.0', 'node', undefined, '']) {
      expect(deviceClassOf(agent), String(agent)).toBeNull();
    }
  });

  it('reads the source from the ?s= mark of the card URL, and nothing else', () => {
    expect(scanSourceOf({ s: 'qr' })).toBe('qr');
    expect(scanSourceOf({ s: 'n' })).toBe('nfc');
    expect(scanSourceOf({ s: 'other' })).toBe('link');
    expect(scanSourceOf({ source: 'qr' })).toBe('link');
    expect(scanSourceOf({})).toBe('link');
    expect(scanSourceOf(undefined)).toBe('link');
  });

  it('is no scan for prefetches, whatever the browser', () => {
    expect(scanContextOf({ 'user-agent': ua.iphone }, { s: 'qr' })).toEqual({ source: 'qr', device: 'phone' });
    expect(scanContextOf({ 'user-agent': ua.windows }, { s: 'es' })).toEqual({ source: 'signature', device: 'desktop' });
    expect(scanContextOf({ 'user-agent': ua.iphone, purpose: 'prefetch' }, undefined)).toBeNull();
    expect(scanContextOf({ 'user-agent': ua.windows, 'sec-purpose': 'prefetch;prerender' }, undefined)).toBeNull();
    expect(scanContextOf({ 'user-agent': ua.headless }, { s: 'qr' })).toBeNull();
  });
});
