import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { HiddenText } from '../../../components/hidden-text';
import { UserAvatar } from '../../../components/user-avatar';
import { formatRelativeTime } from '../../../lib/format-date';

/** What the page shows under an opinion: its votes (the voting feature's buttons). */
export type RenderOpinionVotes = (opinion: OpinionView) => ReactNode;

interface OpinionCardProps {
  opinion: OpinionView;
  renderVotes: RenderOpinionVotes;
}

/** One opinion: who wrote it and when, what it says, and its votes. */
export function OpinionCard({ opinion, renderVotes }: OpinionCardProps) {
  const { t } = useTranslation('opinions');
  const author = personName(opinion.user);
  // The topic style, as the topic's own header beside it (docs/product.md, Constants).
  const age = formatRelativeTime(opinion.createdAt, 'topic');
  return (
    <Box component="article" aria-label={t('card.by', { name: author })}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <UserAvatar user={opinion.user} size={32} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{author}</Typography>
          {age && (
            <Typography variant="caption" color="text.secondary" component="time" dateTime={opinion.createdAt}>
              {age}
            </Typography>
          )}
        </Box>
      </Stack>
      <HiddenText
        content={opinion.content}
        hidden={opinion.hidden}
        notices={{
          hidden: t('card.hidden', { reason: opinion.hidden?.reason }),
          hiddenForAdmins: t('card.hiddenForAdmins', { reason: opinion.hidden?.reason }),
        }}
        mb={1.5}
      />
      {renderVotes(opinion)}
    </Box>
  );
}
