import { Fragment, useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpinionView } from '../api/get-topic-opinions';
import { OpinionCard } from './opinion-card';

interface OtherOpinionsListProps {
  topicId: string;
  /** Every opinion after the top one, in the server's order. */
  opinions: OpinionView[];
  canVote: boolean;
}

export function OtherOpinionsList({ topicId, opinions, canVote }: OtherOpinionsListProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 2 }}>
          Other Opinions
        </Typography>
        {opinions.length === 0 ? (
          <Typography color="text.secondary">No other opinions yet.</Typography>
        ) : (
          <Stack spacing={2}>
            {opinions.map((opinion, index) => (
              <Fragment key={opinion.id}>
                {index > 0 && <Divider />}
                <OpinionCard topicId={topicId} opinion={opinion} canVote={canVote} />
              </Fragment>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
