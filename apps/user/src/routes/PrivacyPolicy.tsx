import { Link } from 'react-router';
import { PublicShell, useSite } from '../features/site';

/** The target of the privacy agreement link on the payment page. */
export default function PrivacyPolicy() {
  const { token } = useSite();
  const name = token.name;
  return (
    <PublicShell wide>
      <article className="pl-policy">
        <h1 className="h3 fw-bold mb-1">Privacy Policy &amp; Purchase Terms</h1>
        <p className="text-body-secondary small">Applies to the {name} pre-launch program.</p>

        <h2 className="h6 fw-bold mt-4">1. What we collect</h2>
        <p>
          When you register we collect your name, email address, mobile number, date of birth, gender and pincode,
          and optionally a referral (Member ID) code. When you buy tokens we record the amount, the payment method,
          the UTR or transaction number you enter and the payment receipt you upload. If you add an Aadhaar number or
          a profile picture to your profile, we store those too.
        </p>

        <h2 className="h6 fw-bold mt-4">2. Why we use it</h2>
        <ul>
          <li>To create and secure your account, including sending one-time codes by email.</li>
          <li>To verify your payments and credit tokens to your account once the company has approved them.</li>
          <li>To pay referral rewards to the member who referred you.</li>
          <li>To meet legal, tax and anti-fraud obligations.</li>
        </ul>

        <h2 className="h6 fw-bold mt-4">3. Who can see it</h2>
        <p>
          Your details are visible to you and to the administrators of the company running this sale, who review
          purchases. We do not sell your personal data. We share it only with service providers that help us run the
          platform (hosting, email delivery) under confidentiality obligations, or when the law requires it.
        </p>

        <h2 className="h6 fw-bold mt-4">4. Payments</h2>
        <p>
          Each order holds its price, fee and quantity for 15 minutes: the total shown is exactly what you pay. Pay
          within that window and submit your proof of payment. Until then you can cancel the order on its payment
          page. If the company rejects a payment, Payment History shows why, and the refund once the company has
          sent it back. Never share your UPI PIN or bank passwords with anyone, including our staff.
        </p>

        <h2 className="h6 fw-bold mt-4">5. Security and retention</h2>
        <p>
          Passwords are stored only as salted hashes, receipts are served through short-lived signed links, and
          administrator actions are logged. We keep purchase records for as long as the law requires and delete
          other data when you ask us to close your account.
        </p>

        <h2 className="h6 fw-bold mt-4">6. Your choices</h2>
        <p>
          You can view and correct your profile at any time. To request a copy of your data or its deletion, contact
          the company that runs this sale through the support details it has given you.
        </p>

        <p className="mt-4 mb-0 d-flex flex-wrap gap-3">
          <Link to="/user/payment-history" className="fw-semibold">My payments</Link>
          <Link to="/" className="fw-semibold">Back to Login</Link>
        </p>
      </article>
    </PublicShell>
  );
}
