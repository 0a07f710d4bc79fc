import { CheckReceiptButton } from '../../../features/audit/components/check-receipt-button';
import { ballotReceiptKey, useKeptReceipt } from '../../../lib/vote-receipts';

/** 'Check my receipt' for the member's last ballot in this election, once this browser keeps one. */
export function BallotReceiptCheck({ topicId }: { topicId: string }) {
  const receipt = useKeptReceipt(ballotReceiptKey(topicId));
  return <CheckReceiptButton receipt={receipt} what="ballot" />;
}
