import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { OpinionView } from '../api/get-topic-opinions';
import { OpinionCard } from './opinion-card';

interface TopOpinionCardProps {
  topicId: string;
  /** The first opinion by tally, or undefined while there is none. */
  opinion: OpinionView | undefined;
  canVote: boolean;
}

export function TopOpinionCard({ topicId, opinion, canVote }: TopOpinionCardProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ borderColor: 'secondary.main' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <EmojiEventsIcon color="secondary" aria-hidden />
          <Typography id={headingId} component="h2" variant="h3">
            Top Opinion
          </Typography>
        </Stack>
        {opinion ? (
          <OpinionCard topicId={topicId} opinion={opinion} canVote={canVote} />
        ) : (
          <Typography color="text.secondary">No opinions yet. The most supported opinion will appear here.</Typography>
        )}
      </CardContent>
    </Card>
  );
}
