// The ?s= marks that name where a scan came from (issue 22 §7): each channel's mark, and a link for anything else.
import { describe, expect, it } from 'vitest';
import { markedCardUrl, scanSourceCounterOf, scanSourceLabels, scanSourceMarks, scanSourceOfMark, scanSources, type MarkedScanSource } from './scan-sources';

const cardUrl = 'https://cards.example.com/card/AbCdEfGhIjKlMnOpQrStUv';

describe('scan source marks', () => {
  it('reads every channel’s mark as its source', () => {
    expect(scanSourceOfMark('qr')).toBe('qr');
    expect(scanSourceOfMark('n')).toBe('nfc');
    expect(scanSourceOfMark('aw')).toBe('appleWallet');
    expect(scanSourceOfMark('gw')).toBe('googleWallet');
    expect(scanSourceOfMark('es')).toBe('signature');
    expect(scanSourceOfMark('vb')).toBe('background');
    expect(scanSourceOfMark('sh')).toBe('share');
    expect(scanSourceOfMark('sms')).toBe('text');
    expect(scanSourceOfMark('wa')).toBe('whatsapp');
    expect(scanSourceOfMark('em')).toBe('email');
    expect(scanSourceOfMark('vc')).toBe('contact');
  });

  it('keeps the marks that printed codes, written tags and saved passes carry', () => {
    expect(scanSourceMarks).toEqual({
      qr: 'qr',
      nfc: 'n',
      appleWallet: 'aw',
      googleWallet: 'gw',
      signature: 'es',
      background: 'vb',
      share: 'sh',
      text: 'sms',
      whatsapp: 'wa',
      email: 'em',
      contact: 'vc',
    });
  });

  it('counts a missing, empty, unknown, repeated or differently cased mark as a link', () => {
    for (const mark of [undefined, '', 'link', 'x', 'QR', 'Qr', 'N', 'GW', ' qr', 'qr ', 'qr,n', 'nfc', 'SH', 'share', 'whatsapp', '__proto__', 'constructor', 'toString']) {
      expect(scanSourceOfMark(mark), String(mark)).toBe('link');
    }
  });

  it('marks the card URL so that the mark reads back as the same source', () => {
    expect(markedCardUrl(cardUrl, 'nfc')).toBe(`${cardUrl}?s=n`);
    expect(markedCardUrl(cardUrl, 'qr')).toBe(`${cardUrl}?s=qr`);
    for (const source of Object.keys(scanSourceMarks) as MarkedScanSource[]) {
      expect(scanSourceOfMark(new URL(markedCardUrl(cardUrl, source)).searchParams.get('s')!)).toBe(source);
    }
  });

  it('gives every source a label and a counter of its own', () => {
    expect(Object.keys(scanSourceLabels).sort()).toEqual([...scanSources].sort());
    expect(new Set(Object.values(scanSourceMarks)).size).toBe(Object.keys(scanSourceMarks).length);
    expect(scanSources.map(scanSourceCounterOf)).toEqual(['qrScans', 'linkScans', 'nfcScans', 'appleWalletScans', 'googleWalletScans', 'signatureScans', 'backgroundScans', 'shareScans', 'textScans', 'whatsappScans', 'emailScans', 'contactScans']);
  });
});
