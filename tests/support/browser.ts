// Headless Chromium (Debian package) driven by playwright-core, with the flags this machine needs.
import { chromium, type Browser } from 'playwright-core';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Names under .localhost (RFC 6761) are this machine too: a custom domain such as cards.bright.localhost (issue 21 §2).
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost, EXCLUDE *.localhost',
];

export function launchBrowser(options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  void options;
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
}

export const phone = { width: 375, height: 812 };
export const desktop = { width: 1280, height: 800 };
