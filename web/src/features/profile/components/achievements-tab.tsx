import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import type { Achievement } from '@civitas/events/profiles/profile.contract';

/** Profile tab Achievements: each computed from the member's real counts, locked or unlocked, with progress. */
export function AchievementsTab({ achievements }: { achievements: readonly Achievement[] }) {
  const { t } = useTranslation('profile');
  return (
    <Box
      component="ul"
      aria-label={t('achievements.label')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, gap: 2, listStyle: 'none', m: 0, p: 0 }}
    >
      {achievements.map((achievement) => {
        const progress = Math.min(achievement.value, achievement.target);
        return (
          <Paper key={achievement.id} component="li" variant="outlined" aria-label={achievement.title} sx={{ p: 2, opacity: achievement.unlocked ? 1 : 0.85 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              {achievement.unlocked ? <EmojiEventsIcon color="warning" aria-hidden /> : <LockIcon color="disabled" aria-hidden />}
              {/* h2: the page's h1 is the member's name, and the tab panel has no heading of its own. */}
              <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
                {achievement.title}
              </Typography>
              <Chip
                size="small"
                label={achievement.unlocked ? t('achievements.unlocked') : t('achievements.locked')}
                color={achievement.unlocked ? 'success' : 'default'}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {achievement.description}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(progress / achievement.target) * 100}
              aria-label={t('achievements.progress', { title: achievement.title })}
              sx={{ mt: 1.5, mb: 0.5 }}
            />
            <Typography variant="caption" color="text.secondary">
              {t('achievements.count', { value: progress, target: achievement.target })}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
