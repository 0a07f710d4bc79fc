import type { QueryClient } from '@tanstack/react-query';
import type { VoteReply } from '@civitas/events/voting/vote.contract';
import { i18n } from '../../../i18n';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { topicOpinionsQueryKey } from '../../../lib/api/get-topic-opinions';
import { topicStatsQueryKey } from '../../../lib/api/get-topic-stats';
import { keepReceipt } from '../../../lib/vote-receipts';

/**
 * After a vote the counts are the server's to give: with delegation, one vote moves the weight of
 * everyone who lends to the member, so the opinions are read again. The read carries the vote's
 * position, so it waits until the tallies include it; the vote stays pending until then, and the
 * member's pressed vote and the new counts show together, and the toast says so once they do.
 * Said here, not by the buttons: the new order may move the opinion to another card, and the toast
 * must not go with the old one.
 */
export async function settleVote(queryClient: QueryClient, topicId: string, reply: VoteReply): Promise<void> {
  // Issue #15: the answer's receipt, for the member's later inclusion check.
  keepReceipt(reply.opinionId, reply.receipt);
  void queryClient.invalidateQueries({ queryKey: topicStatsQueryKey(topicId) });
  // Receipts of this opinion change with the vote.
  void queryClient.invalidateQueries({ queryKey: ['/api/opinions', reply.opinionId] });
  // Voting changes the participation score.
  void queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey });
  await queryClient.invalidateQueries({ queryKey: topicOpinionsQueryKey(topicId) });
  toast({ title: reply.voteType ? i18n.t('voting:recorded') : i18n.t('voting:removed') });
}

/** docs/product.md, Messages: the votes' own failure texts, with the server's reason as the description. */
export const voteFailed = (kind: 'record' | 'remove') => (error: unknown) =>
  toastCommandError(error, kind === 'record' ? i18n.t('voting:recordFailed') : i18n.t('voting:removeFailed'));
