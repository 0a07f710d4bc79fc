import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { useTranslation } from 'react-i18next';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { OpinionCard, type RenderOpinionVotes } from './opinion-card';
import { SectionCard } from '../../../components/section-card';

interface TopOpinionCardProps {
  /** The first opinion by tally, or undefined while there is none. */
  opinion: OpinionView | undefined;
  renderVotes: RenderOpinionVotes;
}

export function TopOpinionCard({ opinion, renderVotes }: TopOpinionCardProps) {
  const { t } = useTranslation('opinions');
  return (
    <SectionCard title={t('top.title')} icon={<EmojiEventsIcon color="secondary" aria-hidden />} sx={{ borderColor: 'secondary.main' }}>
      {opinion ? <OpinionCard opinion={opinion} renderVotes={renderVotes} /> : <Typography color="text.secondary">{t('top.empty')}</Typography>}
    </SectionCard>
  );
}
