import type { ReactElement, ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GitHubIcon from '@mui/icons-material/GitHub';
import LanguageIcon from '@mui/icons-material/Language';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import StarIcon from '@mui/icons-material/Star';
import TwitterIcon from '@mui/icons-material/Twitter';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Trans, useTranslation } from 'react-i18next';
import { isWebAddress, type ProfileBadgeId, type ProfileView } from '@civitas/events/profiles/profile.contract';
import { personName } from '@civitas/events/person-name';
import { Auto, Ltr } from '../../../components/bidi';
import { MaskedNationalId } from '../../../components/masked-national-id';
import { UserAvatar } from '../../../components/user-avatar';
import { useCountryName } from '../../../lib/country-name';
import { formatDisplayDate } from '../../../lib/format-date';

const BADGE_STYLE: Record<ProfileBadgeId, { color: 'success' | 'primary' | 'secondary' | 'warning'; icon?: ReactElement }> = {
  active_citizen: { color: 'success' },
  verified: { color: 'primary', icon: <VerifiedIcon aria-hidden /> },
  leader: { color: 'secondary', icon: <MilitaryTechIcon aria-hidden /> },
  founder: { color: 'warning', icon: <StarIcon aria-hidden /> },
};

const LINKS = [
  { field: 'websiteUrl', label: 'website', icon: <LanguageIcon fontSize="small" aria-hidden /> },
  { field: 'twitterUrl', label: 'twitter', icon: <TwitterIcon fontSize="small" aria-hidden /> },
  { field: 'linkedinUrl', label: 'linkedin', icon: <LinkedInIcon fontSize="small" aria-hidden /> },
  { field: 'githubUrl', label: 'github', icon: <GitHubIcon fontSize="small" aria-hidden /> },
] as const;

interface ProfileHeaderProps {
  profile: ProfileView;
  /** The page's buttons (Edit Profile, Settings, Multi-National Verification). */
  actions?: ReactNode;
}

/** Who the profile belongs to (docs/product.md, Screens, Profile), all from GET /api/user/profile. */
export function ProfileHeader({ profile, actions }: ProfileHeaderProps) {
  const { t } = useTranslation('profile');
  const countryName = useCountryName();
  const { user, badges, verification, stats } = profile;
  const joined = formatDisplayDate(user.createdAt);
  // The server takes only http(s) addresses; anything else stored earlier is not shown as a link.
  const links = LINKS.flatMap((link) => {
    const url = user[link.field];
    return url && isWebAddress(url) ? [{ ...link, url }] : [];
  });
  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 2, md: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <UserAvatar user={user} size={96} />
        <Stack spacing={1} sx={{ textAlign: { xs: 'center', sm: 'left' }, minWidth: 0, flex: 1 }}>
          <Typography variant="h1">
            <Auto>{personName(user)}</Auto>
          </Typography>
          <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            <Ltr>{user.email}</Ltr>
          </Typography>
          {user.city && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
              <LocationOnIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2">
                <Auto>{user.city}</Auto>
              </Typography>
            </Stack>
          )}
          {user.aboutMe && (
            <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line' }}>
              {user.aboutMe}
            </Typography>
          )}
          {links.length > 0 && (
            <Stack
              component="ul"
              aria-label={t('header.links')}
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0, justifyContent: { xs: 'center', sm: 'flex-start' } }}
            >
              {links.map(({ field, label, icon, url }) => (
                <li key={field}>
                  <Link href={url} target="_blank" rel="noopener noreferrer nofollow" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    {icon}
                    {t(`header.${label}`)}
                  </Link>
                </li>
              ))}
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary">
            <Trans t={t} i18nKey="header.score" values={{ score: stats.participationScore }} components={{ strong: <strong /> }} />
            {joined && t('header.joined', { date: joined })}
          </Typography>
          {verification && (
            <Typography variant="body2">
              <Trans t={t} i18nKey="header.verifiedCitizen" values={{ country: countryName(verification.country) }} components={{ strong: <strong /> }} />
              {verification.nationalId && (
                <>
                  {' · '}
                  {t('header.nationalId')} <MaskedNationalId value={verification.nationalId} />
                </>
              )}
            </Typography>
          )}
          {badges.length > 0 && (
            <Stack
              component="ul"
              aria-label={t('header.badges')}
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' }, listStyle: 'none', m: 0, p: 0 }}
            >
              {badges.map((badge) => (
                <li key={badge.id}>
                  <Chip label={t(`header.badge.${badge.id}`)} color={BADGE_STYLE[badge.id].color} size="small" icon={BADGE_STYLE[badge.id].icon} />
                </li>
              ))}
            </Stack>
          )}
          {actions && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1, justifyContent: { xs: 'center', sm: 'flex-start' } }}>
              {actions}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
