import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useTranslation } from 'react-i18next';
import type { VoteType } from '@civitas/events/voting/vote.events';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { useCastVote } from '../api/cast-vote';
import { useRemoveVote } from '../api/remove-vote';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

interface VoteButtonsProps {
  topicId: string;
  opinion: Pick<OpinionView, 'id' | 'supportCount' | 'opposeCount' | 'weightedSupport' | 'weightedOppose' | 'voteCount' | 'myVote'>;
  /** The member may not vote here (not eligible, or the topic is closed). */
  disabled: boolean;
}

/** The official tally with its sign, e.g. "+3", "0", "-2". */
function formatNet(voteCount: number): string {
  return voteCount > 0 ? `+${voteCount}` : String(voteCount);
}

/**
 * Support and oppose with their direct counts (the buttons), the weighted counts with delegation,
 * and the official net tally; the member's own vote shows pressed.
 */
export function VoteButtons({ topicId, opinion, disabled }: VoteButtonsProps) {
  const { t } = useTranslation('voting');
  const cast = useCastVote(topicId);
  const remove = useRemoveVote(topicId);
  // One vote at a time per opinion, so a quick second click cannot undo the first; a vote is
  // pending until the counts that include it are read (the toasts come with the mutations).
  const busy = cast.isPending || remove.isPending;

  const vote = (voteType: VoteType) => {
    if (opinion.myVote === voteType) {
      // Pressing one's own vote again takes it back.
      remove.mutate(opinion.id);
      return;
    }
    cast.mutate({ opinionId: opinion.id, voteType, idempotencyKey: newIdempotencyKey() });
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        size="small"
        color="success"
        variant={opinion.myVote === 'support' ? 'contained' : 'outlined'}
        aria-pressed={opinion.myVote === 'support'}
        startIcon={<ThumbUpIcon aria-hidden />}
        disabled={disabled || busy}
        onClick={() => vote('support')}
      >
        {t('support', { value: opinion.supportCount })}
      </Button>
      <Button
        size="small"
        color="error"
        variant={opinion.myVote === 'oppose' ? 'contained' : 'outlined'}
        aria-pressed={opinion.myVote === 'oppose'}
        startIcon={<ThumbDownIcon aria-hidden />}
        disabled={disabled || busy}
        onClick={() => vote('oppose')}
      >
        {t('oppose', { value: opinion.opposeCount })}
      </Button>
      {/* With delegation: the weight of members who lent theirs to a voter joins that vote. */}
      <Typography variant="body2" color="text.secondary">
        {t('weighted', { support: opinion.weightedSupport, oppose: opinion.weightedOppose })}
      </Typography>
      {/* The official tally: weighted support minus weighted oppose. */}
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {t('net', { net: formatNet(opinion.voteCount) })}
      </Typography>
    </Stack>
  );
}
