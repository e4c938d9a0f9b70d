// The compiled mail templates (issue 21 §1): the committed templates.generated.ts is what the React Email components
// render today (so nobody edits a component and forgets to regenerate), each template is a sound mail document, and
// no module that builds a mail carries React into a Lambda.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from './fill';
import { mailTemplates } from './templates.generated';
import { REGENERATE_COMMAND, renderMailTemplates } from './templates/render';

describe('templates.generated.ts', () => {
  it(`matches the React Email components (stale? run \`${REGENERATE_COMMAND}\`)`, () => {
    expect(mailTemplates, `templates.generated.ts is stale: run ${REGENERATE_COMMAND}`).toEqual(renderMailTemplates());
  });

  it('has the eight mails', () => {
    expect(Object.keys(mailTemplates).sort()).toEqual([
      'adminInvite',
      'cognitoCode',
      'contact',
      'invitation',
      'invoice',
      'receipt',
      'reminder',
      'salesContact',
    ]);
  });

  for (const [name, html] of Object.entries(mailTemplates)) {
    it(`${name}: one <html lang>, a <title>, a preview line, images with alt, a table layout with inline styles, sections that close`, () => {
      expect(html.startsWith('<!DOCTYPE html')).toBe(true);
      expect(html.match(/<html[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<html[^>]* lang="en"/);
      expect(html.match(/<title>[^<]+<\/title>/g)).toHaveLength(1);
      expect(html.match(/<body[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<div style="display:none[^"]*"[^>]*>[^<]+/);
      expect(html).toContain('<table');
      expect(html).toContain('role="presentation"');
      for (const img of html.match(/<img[^>]*>/g) ?? []) expect(img).toMatch(/ alt="[^"]+"/);
      expect(html).not.toMatch(/<(style|script|link)[\s>]/);
      expect(html).not.toMatch(/\sclass=/);
      expect(() => parseTemplate(html)).not.toThrow();
    });
  }
});

describe('no React in a Lambda', () => {
  it('the mail modules bundle without react, react-dom or @react-email', async () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const entryPoints = readdirSync(dir)
      .filter((file) => file.endsWith('-mail.ts'))
      .map((file) => `${dir}${file}`);
    expect(entryPoints.length).toBe(8);
    const result = await build({
      entryPoints,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      outdir: '/tmp/mail-bundle-check',
      external: ['@aws-sdk/*'],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('templates.generated'))).toBe(true);
    expect(
      inputs.filter((input) => /node_modules\/(react|react-dom|@react-email)\/|mail\/templates\//.test(input)),
    ).toEqual([]);
  });

  it('a Lambda that sends one mail carries only that template', async () => {
    const entry = fileURLToPath(new URL('./receipt-mail.ts', import.meta.url));
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      minify: true,
      external: ['@aws-sdk/*'],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('Download the paid invoice (PDF)');
    for (const other of [
      'Set up my account',
      'A new contact from your card',
      'Pay Invoice',
      'New sales enquiry',
      'admin access',
    ])
      expect(code).not.toContain(other);
  });
});
