import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SUPPORT_EMAIL } from '../lib/contact';
import { formatPlanPrices, PLANS } from '../lib/plan-prices';
import { LegalPage, LegalSection } from './legal-page';

export function TermsPage() {
  const monthly = PLANS.civic_participation_monthly;
  const yearly = PLANS.civic_participation_yearly;
  return (
    <LegalPage title="Terms of Service">
      <LegalSection title="1. Acceptance of these terms">
        <Typography>
          By creating an account on or using Civitas you agree to these terms. If you do not agree, please do not use
          the platform.
        </Typography>
      </LegalSection>
      <LegalSection title="2. Your account">
        <Typography>
          You are responsible for your account and for keeping your password secret. The information you give us,
          including your nationality and identity details, must be true. One person may hold one account.
        </Typography>
      </LegalSection>
      <LegalSection title="3. Participation">
        <Typography>
          Signing up is free. Members take part in groups, topics, opinions, votes, elections and discussions under the
          participation rules of each group. Votes you delegate are cast for you until you withdraw the delegation; a
          vote you cast yourself always takes precedence.
        </Typography>
      </LegalSection>
      <LegalSection title="4. Subscriptions and payment">
        <Typography>
          The Civic Participation plan unlocks national and international participation, business groups and standing
          as a candidate. It costs {formatPlanPrices(monthly)} on the monthly plan, or {formatPlanPrices(yearly)} on the
          yearly plan, which saves USD {yearly.savesUsdPerYear} a year. Payments are charged in Saudi riyals.
        </Typography>
        <Typography>
          Subscriptions renew automatically at the end of each period. You may cancel at any time; you keep access to
          the subscribed features until the end of the period you have paid for.
        </Typography>
      </LegalSection>
      <LegalSection title="5. Conduct">
        <Typography>
          Do not post unlawful, hateful, harassing or misleading content, manipulate votes, or impersonate others.
          Members can report such conduct, and administrators may suspend accounts that break these terms.
        </Typography>
      </LegalSection>
      <LegalSection title="6. Changes and contact">
        <Typography>
          We may update these terms; the date above shows the latest version. Questions are welcome at{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
        </Typography>
      </LegalSection>
    </LegalPage>
  );
}
