import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SUPPORT_EMAIL } from '../lib/contact';
import { LegalPage, LegalSection } from './legal-page';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <LegalSection title="1. What we collect">
        <Typography>
          Your e-mail address, your name and the profile details you choose to add; your nationality verifications
          (country, national ID number or document image); and what you do on the platform: topics, opinions, votes,
          delegations, candidacies and chat messages.
        </Typography>
      </LegalSection>
      <LegalSection title="2. Why we use it">
        <Typography>
          To run your account, to apply the participation rules of each group (for example, that only verified citizens
          take part in their national group), to count votes and delegations, and to keep the platform safe.
        </Typography>
      </LegalSection>
      <LegalSection title="3. Who can see it">
        <Typography>
          Your name and what you post are visible to the members of the groups where you post them. National ID numbers
          and document images are seen only by you, the administrators and the group leaders who review your
          verification. Payments are handled by our card payment provider; we never store your card details.
        </Typography>
      </LegalSection>
      <LegalSection title="4. Cookies">
        <Typography>We use one session cookie to keep you signed in. We do not use advertising cookies.</Typography>
      </LegalSection>
      <LegalSection title="5. Your rights">
        <Typography>
          You may ask for a copy of your data, its correction or its erasure by writing to{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
        </Typography>
      </LegalSection>
    </LegalPage>
  );
}
