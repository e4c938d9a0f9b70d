// The mails CardCrew sends, as React Email components in the one MailLayout. Rendered once at build time with
// {{tokens}} for every value (scripts/build-mail-templates.tsx → templates.generated.ts); the *-mail.ts modules fill
// them at send time and build the plain-text part. Never imported by a Lambda.
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { If, MailLayout, Rows, styles, Unless, v } from './layout';

/** `{{#rows}}` label/value rows: a contact's details, a receipt's figures, a sales enquiry. */
function ListRows({ name, valueStyle }: { name: string; valueStyle?: React.CSSProperties }) {
  return (
    <Rows>
      <If name={name}>
        <tr>
          <td style={styles.label}>{v('label')}</td>
          <td style={{ ...styles.value, ...valueStyle }}>{v('value')}</td>
        </tr>
      </If>
    </Rows>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr>
      <td style={styles.label}>{label}</td>
      <td style={{ ...styles.value, fontWeight: strong ? 600 : 400 }}>{value}</td>
    </tr>
  );
}

function PrimaryButton({ href, children }: { href: string; children: string }) {
  return (
    <Text style={styles.text}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Text>
  );
}

const onCardCrew = <Unless name="brand">{' on CardCrew'}</Unless>;

/** Invitation (issue 3; issue 21: no CardCrew wording for a white-labelled client). */
export function InvitationMail() {
  return (
    <MailLayout
      title={`Join ${v('businessName')}{{^brand}} on CardCrew{{/brand}}`}
      preview={`${v('businessName')} has created a digital business card for you`}
    >
      <Text style={styles.text}>Hi {v('employeeName')},</Text>
      <Text style={styles.text}>
        {v('businessName')} has created a digital business card for you{onCardCrew}. Create your account to see your
        card, keep your profile up to date and share your QR code.
      </Text>
      <PrimaryButton href={v('link')}>Set up my account</PrimaryButton>
      <Text style={styles.small}>
        Or open this link: <span style={{ wordBreak: 'break-all' }}>{v('link')}</span>
        <br />
        It works once and until {v('until')}.
      </Text>
    </MailLayout>
  );
}

/** A new contact from the employee's card page (issue 11 §3). */
export function ContactMail() {
  return (
    <MailLayout title="A new contact from your card" preview={`${v('contactName')} shared their details with you`}>
      <Text style={styles.text}>Hi {v('employeeName')},</Text>
      <Text style={styles.text}>Someone who opened your digital business card shared their details:</Text>
      <ListRows name="rows" valueStyle={{ whiteSpace: 'pre-line' }} />
      <Text style={styles.text}>
        <Link href={v('portalLink')} style={styles.link}>
          See all your contacts
        </Link>
      </Text>
    </MailLayout>
  );
}

/** The invoice (issue 10 §5), with an agency invoice's lines (issue 20) and the PDF link (issue 27 §2). */
export function InvoiceMail() {
  return (
    <MailLayout
      title={`Invoice ${v('invoiceNumber')}`}
      preview={`Invoice ${v('invoiceNumber')} for ${v('amount')} is due on ${v('due')}`}
    >
      <Text style={styles.text}>Hello {v('businessName')},</Text>
      <Rows>
        <Row label="Invoice" value={v('invoiceNumber')} strong />
        <Row label="Amount due" value={v('amount')} strong />
        <Row label="Due date" value={v('due')} />
        <If name="notes">
          <Row label="Description" value={v('notes')} />
        </If>
      </Rows>
      <If name="hasBreakdown">
        <Rows>
          <If name="breakdown">
            <tr>
              <td style={styles.label}>{v('label')}</td>
              <td style={{ ...styles.value, textAlign: 'right' }}>{v('value')}</td>
            </tr>
          </If>
          <tr>
            <td style={{ ...styles.label, color: styles.value.color, fontWeight: 600 }}>Total</td>
            <td style={{ ...styles.value, textAlign: 'right', fontWeight: 600 }}>{v('amount')}</td>
          </tr>
        </Rows>
      </If>
      <PrimaryButton href={v('link')}>Pay Invoice</PrimaryButton>
      <Text style={styles.small}>
        Or open this link: <span style={{ wordBreak: 'break-all' }}>{v('link')}</span>
      </Text>
      <If name="pdfLink">
        <Text style={styles.text}>
          <Link href={v('pdfLink')} style={styles.link}>
            Download the invoice (PDF)
          </Link>
        </Text>
      </If>
    </MailLayout>
  );
}

/** The dunning reminder (issue 20 §4). */
export function ReminderMail() {
  return (
    <MailLayout
      title={`Invoice ${v('invoiceNumber')} is overdue`}
      preview={`Invoice ${v('invoiceNumber')} for ${v('amount')} is ${v('overdue')} overdue`}
    >
      <Text style={styles.text}>Hello {v('businessName')},</Text>
      <Text style={styles.text}>
        Invoice {v('invoiceNumber')} was due on {v('due')} and is now {v('overdue')} overdue.
      </Text>
      <Rows>
        <Row label="Invoice" value={v('invoiceNumber')} strong />
        <Row label="Amount due" value={v('amount')} strong />
        <Row label="Due date" value={v('due')} />
      </Rows>
      <PrimaryButton href={v('link')}>Pay Invoice</PrimaryButton>
      <Text style={styles.small}>
        If you have already paid, please ignore this reminder. Or open this link:{' '}
        <span style={{ wordBreak: 'break-all' }}>{v('link')}</span>
      </Text>
    </MailLayout>
  );
}

/** The payment receipt (issue 27 §1). */
export function ReceiptMail() {
  return (
    <MailLayout title="Payment received" preview={`We received your payment for invoice ${v('invoiceNumber')}`}>
      <Text style={styles.text}>Hello {v('businessName')},</Text>
      <Text style={styles.text}>Thank you: we received your payment for invoice {v('invoiceNumber')}.</Text>
      <ListRows name="rows" valueStyle={{ fontWeight: 600 }} />
      <Text style={styles.text}>
        <Link href={v('link')} style={styles.link}>
          View your invoice
        </Link>
        <If name="pdfLink">
          {' · '}
          <Link href={v('pdfLink')} style={styles.link}>
            Download the paid invoice (PDF)
          </Link>
        </If>
      </Text>
    </MailLayout>
  );
}

/** A new admin's invitation (admin portal). */
export function AdminInviteMail() {
  return (
    <MailLayout title="You are now a CardCrew admin" preview="You have been given admin access to CardCrew">
      <Text style={styles.text}>You have been given admin access to CardCrew.</Text>
      <Text style={styles.text}>
        <If name="newAccount">
          An account was created for {v('to')}. Choose ‘Forgot password?’ on the sign-in page to set your password.
        </If>
        <Unless name="newAccount">Sign in with your usual e-mail and password.</Unless>
      </Text>
      <PrimaryButton href={v('signInLink')}>Sign in to CardCrew</PrimaryButton>
    </MailLayout>
  );
}

/** A 'Contact Our Sales Team' request, to the sales inbox. */
export function SalesContactMail() {
  return (
    <MailLayout title="New sales enquiry" preview={`Sales enquiry from ${v('companyName')}`}>
      <ListRows name="rows" valueStyle={{ whiteSpace: 'pre-wrap' }} />
    </MailLayout>
  );
}

/**
 * The mails Cognito sends for us (codes, a new account's temporary password), written by the user pool's
 * CustomMessage trigger (functions/src/mail/cognito-code-mail.ts). `code` and `username` are filled with Cognito's
 * placeholders `{####}` and `{username}`, which Cognito replaces with the real values when it sends the mail. The bar
 * under the title is drawn in the brand's colour (a `bgcolor` attribute: no value ever goes into CSS).
 */
export function CognitoCodeMail() {
  return (
    <MailLayout title={v('title')} preview={v('preview')}>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        bgcolor={v('brandColor')}
        style={{ margin: '0 0 16px' }}
      >
        <tbody>
          <tr>
            <td height="4" style={{ height: '4px', fontSize: '1px', lineHeight: '1px' }}>
              &nbsp;
            </td>
          </tr>
        </tbody>
      </table>
      <Text style={styles.text}>{v('intro')}</Text>
      <If name="username">
        <Text style={styles.small}>
          {v('usernameLabel')}: <strong style={{ color: '#0f172a' }}>{v('username')}</strong>
        </Text>
      </If>
      <Text style={styles.small}>{v('codeLabel')}:</Text>
      <Text
        style={{
          fontSize: '28px',
          lineHeight: '36px',
          fontWeight: 700,
          letterSpacing: '4px',
          margin: '0 0 16px',
          padding: '12px 16px',
          backgroundColor: '#f1f5f9',
          borderRadius: '8px',
          color: '#0f172a',
          fontFamily: 'Menlo,Consolas,monospace',
        }}
      >
        {v('code')}
      </Text>
      <Text style={styles.small}>{v('note')}</Text>
    </MailLayout>
  );
}

/** Every template by its name in templates.generated.ts. */
export const mailComponents = {
  invitation: InvitationMail,
  contact: ContactMail,
  invoice: InvoiceMail,
  reminder: ReminderMail,
  receipt: ReceiptMail,
  adminInvite: AdminInviteMail,
  salesContact: SalesContactMail,
  cognitoCode: CognitoCodeMail,
} as const;
