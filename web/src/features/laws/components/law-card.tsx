import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { personName } from '@civitas/events/person-name';
import { formatDisplayDate } from '../../../lib/format-date';
import { HiddenText } from '../../../components/hidden-text';
import { UserAvatar } from '../../../components/user-avatar';
import type { LawView } from '../api/get-laws';
import { TOPIC_TYPE_KEYS } from '../../../lib/topic-type-keys';

/** One enacted law: the winning opinion of its topic, who proposed it and when it passed. */
export function LawCard({ law }: { law: LawView }) {
  // The topic types' labels are the topics namespace's.
  const { t } = useTranslation(['laws', 'topics']);
  const titleId = useId();
  const enacted = formatDisplayDate(law.createdAt);
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Chip size="small" color="primary" label={t(TOPIC_TYPE_KEYS[law.topic.type], { ns: 'topics' })} />
          <Chip
            size="small"
            variant="outlined"
            label={
              law.method === 'schulze'
                ? t('preferredToNoChange', { above: law.weightedSupport, below: law.weightedOppose })
                : t('votes', { count: law.voteCount })
            }
          />
        </Stack>
        <Typography id={titleId} component="h2" variant="h3" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} href={`/topic/${law.topicId}`} underline="hover">
            {law.topic.title}
          </Link>
        </Typography>
        {/* The title and the law are members' words: each keeps its own direction. */}
        <Box sx={{ mt: 1 }}>
          <HiddenText
            content={law.content}
            hidden={law.hidden}
            notices={{ hidden: t('hidden', { reason: law.hidden?.reason }), hiddenForAdmins: t('hiddenForAdmins', { reason: law.hidden?.reason }) }}
          />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <UserAvatar user={law.user} size={28} />
          <Typography variant="body2" color="text.secondary">
            {t('proposedBy', { name: personName(law.user) })}
          </Typography>
          {enacted && (
            <>
              <Typography variant="body2" color="text.secondary" aria-hidden>
                ·
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('enacted', { date: enacted })}
              </Typography>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
