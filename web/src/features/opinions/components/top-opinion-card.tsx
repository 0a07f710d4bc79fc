import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { OpinionView } from '../api/get-topic-opinions';
import { OpinionCard } from './opinion-card';
import { SectionCard } from '../../../components/section-card';

interface TopOpinionCardProps {
  topicId: string;
  /** The first opinion by tally, or undefined while there is none. */
  opinion: OpinionView | undefined;
  canVote: boolean;
}

export function TopOpinionCard({ topicId, opinion, canVote }: TopOpinionCardProps) {
  return (
    <SectionCard title="Top Opinion" icon={<EmojiEventsIcon color="secondary" aria-hidden />} sx={{ borderColor: 'secondary.main' }}>
      {opinion ? (
        <OpinionCard topicId={topicId} opinion={opinion} canVote={canVote} />
      ) : (
        <Typography color="text.secondary">No opinions yet. The most supported opinion will appear here.</Typography>
      )}
    </SectionCard>
  );
}
