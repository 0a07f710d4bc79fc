import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import type { VoteReply } from '@civitas/events/voting/vote.contract';
import type { VoteType } from '@civitas/events/voting/vote.events';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { useCastVote } from '../api/cast-vote';
import { useRemoveVote } from '../api/remove-vote';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

const VOTE_RECORD_FAILED = 'Failed to record vote. Please try again.';
const VOTE_REMOVE_FAILED = 'Failed to remove vote. Please try again.';

interface VoteButtonsProps {
  topicId: string;
  opinion: Pick<OpinionView, 'id' | 'supportCount' | 'opposeCount' | 'voteCount' | 'myVote'>;
  /** The member may not vote here (not eligible, or the topic is closed). */
  disabled: boolean;
}

/** The official tally with its sign, e.g. "+3", "0", "-2". */
function formatNet(voteCount: number): string {
  return voteCount > 0 ? `+${voteCount}` : String(voteCount);
}

function toastVoteOutcome(reply: VoteReply): void {
  toast({ title: reply.voteType ? 'Vote recorded' : 'Vote removed' });
}

/** Support and oppose with their direct counts; the member's own vote shows pressed. */
export function VoteButtons({ topicId, opinion, disabled }: VoteButtonsProps) {
  const cast = useCastVote(topicId);
  const remove = useRemoveVote(topicId);
  // One vote at a time per opinion, so a quick second click cannot undo the first.
  const busy = cast.isPending || remove.isPending;

  const vote = (voteType: VoteType) => {
    if (opinion.myVote === voteType) {
      // Pressing one's own vote again takes it back.
      remove.mutate(opinion.id, {
        onSuccess: toastVoteOutcome,
        onError: (error) => toastCommandError(error, VOTE_REMOVE_FAILED),
      });
      return;
    }
    cast.mutate(
      { opinionId: opinion.id, voteType, idempotencyKey: newIdempotencyKey() },
      { onSuccess: toastVoteOutcome, onError: (error) => toastCommandError(error, VOTE_RECORD_FAILED) },
    );
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
        Support {opinion.supportCount}
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
        Oppose {opinion.opposeCount}
      </Button>
      {/* The official tally: weighted support minus weighted oppose. */}
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        Net {formatNet(opinion.voteCount)}
      </Typography>
    </Stack>
  );
}
