import { Fragment } from 'react';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { OpinionCard, type RenderOpinionVotes } from './opinion-card';
import { SectionCard } from '../../../components/section-card';

interface OtherOpinionsListProps {
  /** Every opinion after the top one, in the server's order. */
  opinions: OpinionView[];
  renderVotes: RenderOpinionVotes;
  /** Another list's title and empty text (a law decided among its opinions lists them all, issue #34). */
  texts?: { title: string; empty: string };
}

export function OtherOpinionsList({ opinions, renderVotes, texts }: OtherOpinionsListProps) {
  const { t } = useTranslation('opinions');
  return (
    <SectionCard title={texts?.title ?? t('others.title')}>
      {opinions.length === 0 ? (
        <Typography color="text.secondary">{texts?.empty ?? t('others.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          {opinions.map((opinion, index) => (
            <Fragment key={opinion.id}>
              {index > 0 && <Divider />}
              <OpinionCard opinion={opinion} renderVotes={renderVotes} />
            </Fragment>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
