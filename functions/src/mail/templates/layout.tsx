// The ONE layout of every CardCrew mail, as a React Email component rendered once at build time
// (scripts/build-mail-templates.tsx). The brand is filled per recipient: a white-labelled client's people see their
// agency's name or logo on top and its name and support contacts in the footer, everyone else CardCrew's line.
// Values are {{tokens}} and conditional parts {{#sections}} (functions/src/mail/fill.ts); never imported by a Lambda.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

/** A value filled at send time. */
export const v = (name: string) => `{{${name}}}`;

/** Shown when the value is true, a non-empty string, or once per item of a list. */
export function If({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      {`{{#${name}}}`}
      {children}
      {`{{/${name}}}`}
    </>
  );
}

/** Shown when the value is false, null, empty or an empty list. */
export function Unless({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      {`{{^${name}}}`}
      {children}
      {`{{/${name}}}`}
    </>
  );
}

export const colors = { ink: '#0f172a', muted: '#475569', faint: '#64748b', accent: '#1e40af', page: '#f1f5f9' };
const font = 'Arial,Helvetica,sans-serif';

export const styles = {
  text: { fontSize: '15px', lineHeight: '24px', margin: '0 0 16px', color: colors.ink } satisfies CSSProperties,
  small: { fontSize: '14px', lineHeight: '22px', margin: '0 0 16px', color: colors.muted } satisfies CSSProperties,
  button: {
    display: 'inline-block',
    backgroundColor: colors.accent,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '8px',
    textDecoration: 'none',
    fontWeight: 600,
    fontSize: '15px',
  } satisfies CSSProperties,
  link: { color: colors.accent, textDecorationLine: 'underline' } satisfies CSSProperties,
  label: {
    color: colors.muted,
    verticalAlign: 'top',
    padding: '6px 12px 6px 0',
    fontSize: '15px',
  } satisfies CSSProperties,
  value: { padding: '6px 0', fontSize: '15px', color: colors.ink } satisfies CSSProperties,
};

/** The key–value rows of a mail (an invoice's figures, a contact's details) as a presentation table. */
export function Rows({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '8px 0 16px', ...style }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * The frame: the brand on top, the title as heading, the body, the footer. `title` is also the document's <title>;
 * `preview` is the line mail clients show beside the subject.
 */
export function MailLayout({ title, preview, children }: { title: string; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, margin: 0, padding: '24px 0', fontFamily: font, color: colors.ink }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px', maxWidth: '560px' }}>
          <If name="brand">
            <If name="brandLogoUrl">
              <Img
                src={v('brandLogoUrl')}
                alt={v('brandName')}
                height={40}
                style={{ height: '40px', width: 'auto', margin: '0 0 16px' }}
              />
            </If>
            <Unless name="brandLogoUrl">
              <Text style={{ ...styles.text, fontWeight: 700, color: colors.muted }}>{v('brandName')}</Text>
            </Unless>
          </If>
          <Unless name="brand">
            <Text style={{ ...styles.text, fontWeight: 700, color: colors.accent }}>CardCrew</Text>
          </Unless>
          <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', margin: '0 0 16px', color: colors.ink }}>
            {title}
          </Heading>
          {children}
          <Hr style={{ borderTop: '1px solid #e2e8f0', margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', lineHeight: '18px', margin: 0, color: colors.faint }}>
            <If name="brand">
              {v('brandName')} ·{' '}
              <Link
                href={`mailto:${v('supportEmail')}`}
                style={{ color: colors.faint, textDecorationLine: 'underline' }}
              >
                {v('supportEmail')}
              </Link>
              <If name="supportUrl">
                {' · '}
                <Link href={v('supportUrl')} style={{ color: colors.faint, textDecorationLine: 'underline' }}>
                  {v('supportUrl')}
                </Link>
              </If>
            </If>
            <Unless name="brand">CardCrew · Digital business cards for your whole team</Unless>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
