// /privacy (spec 1 §2 'Static pages', §9): last updated July 17, 2025.
import { Link } from 'react-router';
import { Bullets, LastUpdated, StaticPage, StaticSection } from '../components/static-page';

export function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" intro={<LastUpdated />}>
      <StaticSection id="overview" title="1. Overview">
        <p>
          This Privacy Policy explains what personal information CardCrew collects, why we collect it and the choices you have. It applies to
          our website, dashboards, employee portal and public card pages.
        </p>
      </StaticSection>

      <StaticSection id="information-we-collect" title="2. Information We Collect">
        <Bullets>
          <li>
            <strong>Account details:</strong> your email address, password (stored only in hashed form by our sign-in provider) and account type.
          </li>
          <li>
            <strong>Business details:</strong> company name, industry, website, description, logo, brand colours and billing address and email.
          </li>
          <li>
            <strong>Card details:</strong> for each employee, the name, email, phone numbers, job title, department, LinkedIn profile and photo
            that the business or the employee adds.
          </li>
          <li>
            <strong>Usage information:</strong> how many times each card is viewed or scanned, and technical logs (such as IP address and
            browser type) that keep the Service secure.
          </li>
          <li>
            <strong>Enquiries:</strong> what you send us through the sales contact form.
          </li>
        </Bullets>
      </StaticSection>

      <StaticSection id="how-we-use" title="3. How We Use Information">
        <Bullets>
          <li>to provide the Service: create cards, QR codes and public card pages, and run the dashboards;</li>
          <li>to send account emails such as confirmation codes, password resets, invitations and invoices;</li>
          <li>to bill for paid plans and process payments;</li>
          <li>to answer enquiries, provide support and keep the Service secure and reliable.</li>
        </Bullets>
        <p>We do not sell your personal information, and we do not use card details for advertising.</p>
      </StaticSection>

      <StaticSection id="public-cards" title="4. Public Card Pages">
        <p>
          A public card page shows the details a business or employee chose to put on the card to anyone who has its link or scans its QR code.
          Deactivating a card or an employee stops its page from being shown.
        </p>
      </StaticSection>

      <StaticSection id="sharing" title="5. Sharing">
        <p>
          We share information only with service providers that help us run CardCrew — hosting, email delivery and payment processing — under
          contracts that require them to protect it, or when the law requires us to.
        </p>
      </StaticSection>

      <StaticSection id="retention-security" title="6. Retention and Security">
        <p>
          We keep information for as long as the account is active and as needed for legal, tax and accounting duties. Data is encrypted in
          transit and at rest, and access is limited to people who need it.
        </p>
      </StaticSection>

      <StaticSection id="your-rights" title="7. Your Rights">
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your personal information, or to object to
          how we use it. Employees can update their own profile in the employee portal; for anything else, contact the business that created
          your card or contact us.
        </p>
      </StaticSection>

      <StaticSection id="children" title="8. Children">
        <p>
          CardCrew is not meant for children. You must be at least 18 years old to use the Service, as our{' '}
          <Link to="/terms" className="font-medium text-secondary underline underline-offset-4">
            Terms of Service
          </Link>{' '}
          set out.
        </p>
      </StaticSection>

      <StaticSection id="changes" title="9. Changes to This Policy">
        <p>We will post any changes here with a new &quot;Last updated&quot; date, and tell account owners by email about significant changes.</p>
      </StaticSection>
    </StaticPage>
  );
}
