// /terms (spec 1 §2 'Static pages', §9): last updated July 17, 2025; users must be at least 18 years old.
import { Link } from 'react-router';
import { Bullets, LastUpdated, StaticPage, StaticSection } from '../components/static-page';

export function TermsPage() {
  return (
    <StaticPage title="Terms of Service" intro={<LastUpdated />}>
      <StaticSection id="agreement" title="1. Agreement to These Terms">
        <p>
          These Terms of Service (&quot;Terms&quot;) govern your use of CardCrew, including our website, business and agency dashboards,
          employee portal and public card pages (together, the &quot;Service&quot;). By creating an account or using the Service you agree to
          these Terms. If you use the Service on behalf of a company or agency, you confirm that you may bind it to these Terms.
        </p>
      </StaticSection>

      <StaticSection id="eligibility" title="2. Eligibility">
        <p>
          You must be at least 18 years old to create an account or use the Service. By using CardCrew you confirm that you are 18 years of age
          or older and able to enter into a binding contract.
        </p>
      </StaticSection>

      <StaticSection id="accounts" title="3. Your Account">
        <Bullets>
          <li>Give accurate information when you sign up, and keep it up to date.</li>
          <li>Keep your password confidential. You are responsible for everything done with your account.</li>
          <li>Tell us straight away if you believe your account has been used without your permission.</li>
          <li>Business owners and agencies are responsible for the employees and client businesses they add and the access they grant.</li>
        </Bullets>
      </StaticSection>

      <StaticSection id="acceptable-use" title="4. Acceptable Use">
        <p>You agree not to:</p>
        <Bullets>
          <li>publish content on a card that is unlawful, misleading, infringing or offensive;</li>
          <li>create cards for people without their permission, or impersonate anyone;</li>
          <li>send spam or use public card pages or QR codes to distribute malware or phishing links;</li>
          <li>probe, overload or interfere with the Service, or try to reach data that is not yours.</li>
        </Bullets>
      </StaticSection>

      <StaticSection id="content" title="5. Your Content">
        <p>
          You keep ownership of the names, photos, logos and other details you add (&quot;Your Content&quot;). You grant us a licence to host,
          display and share Your Content only as needed to run the Service — for example to show a public card page to anyone who scans its QR
          code. Public card pages are visible to anyone with the link, so only add details you are happy to share.
        </p>
      </StaticSection>

      <StaticSection id="billing" title="6. Plans, Billing and Payment">
        <p>
          Business plans are charged per user per month at the rates shown on our{' '}
          <Link to="/pricing" className="font-medium text-secondary underline underline-offset-4">
            pricing page
          </Link>
          . Invoices are due by the date shown on them and are paid through our payment provider. Fees are exclusive of taxes unless stated
          otherwise. We may change prices with at least 30 days&apos; notice; the change applies from your next billing period.
        </p>
      </StaticSection>

      <StaticSection id="termination" title="7. Suspension and Termination">
        <p>
          You may stop using the Service at any time. We may suspend or close an account that breaks these Terms or leaves invoices unpaid,
          after notice where reasonable. When an account closes, its public card pages stop being available.
        </p>
      </StaticSection>

      <StaticSection id="disclaimers" title="8. Disclaimers and Limitation of Liability">
        <p>
          The Service is provided &quot;as is&quot;. We work hard to keep it available and secure but do not promise that it will be
          uninterrupted or error-free. To the extent the law allows, our total liability for any claim is limited to the fees you paid us in the
          12 months before the claim, and we are not liable for indirect or consequential losses.
        </p>
      </StaticSection>

      <StaticSection id="changes" title="9. Changes to These Terms">
        <p>
          We may update these Terms from time to time. We will post the new version here with a new &quot;Last updated&quot; date and, for
          significant changes, tell account owners by email before they take effect.
        </p>
      </StaticSection>

      <StaticSection id="contact" title="10. Contact">
        <p>
          Questions about these Terms? See our{' '}
          <Link to="/about" className="font-medium text-secondary underline underline-offset-4">
            About us
          </Link>{' '}
          page for how to reach us, or read our{' '}
          <Link to="/privacy" className="font-medium text-secondary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      </StaticSection>
    </StaticPage>
  );
}
