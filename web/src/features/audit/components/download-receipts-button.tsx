import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RECEIPTS_FORMAT, type ReceiptsFile } from '@civitas/events/audit/export.contract';
import type { Receipt } from '@civitas/events/audit/merkle.contract';
import { useKeptReceipts } from '../../../lib/vote-receipts';
import { saveAsDownload } from '../api/download-export';
import { memberReceiptsQueryOptions, useMemberReceipts } from '../api/get-member-receipts';

export const receiptsFileName = (topicId: string) => `civitas-receipts-${topicId}.json`;

/**
 * The server's receipts with the ones this browser kept added: a kept receipt is the member's own
 * evidence, so one the server no longer lists still goes to the verifier (which then fails the run).
 */
export function mergeReceipts(fromServer: readonly Receipt[], kept: readonly Receipt[]): Receipt[] {
  const listed = new Set(fromServer.map((receipt) => receipt.eventId));
  return [...fromServer, ...kept.filter((receipt) => !listed.has(receipt.eventId))].map(({ eventId, leafHash }) => ({ eventId, leafHash }));
}

/** The file `civitas-verify --receipt` reads (docs/decisions.md, Receipts in the verifier). */
export const receiptsFile = (topicId: string, receipts: ReceiptsFile['receipts']): ReceiptsFile => ({ format: RECEIPTS_FORMAT, topicId, receipts });

/**
 * 'Download my receipts': every receipt of the member's votes and ballot on the topic, from the
 * server (any device) and from this browser, as one file for the verifier. Shown once either has one;
 * it sits at the start of a column, not across it.
 */
export function DownloadReceiptsButton({ topicId, keys, signedIn }: { topicId: string; keys: readonly string[]; signedIn: boolean }) {
  const { t } = useTranslation('audit');
  const queryClient = useQueryClient();
  const kept = useKeptReceipts(keys);
  const fromServer = useMemberReceipts(topicId, signedIn);
  if (kept.length === 0 && !fromServer.data?.receipts.length) return null;
  const download = async () => {
    // Read again at the click: a vote from another device a moment ago is in it.
    const latest = await queryClient.fetchQuery({ ...memberReceiptsQueryOptions(topicId), staleTime: 0 }).catch(() => fromServer.data);
    const receipts = mergeReceipts(latest?.receipts ?? [], kept);
    saveAsDownload(new Blob([JSON.stringify(receiptsFile(topicId, receipts), null, 2)], { type: 'application/json' }), receiptsFileName(topicId));
  };
  return (
    <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} startIcon={<DownloadIcon aria-hidden />} onClick={() => void download()}>
      {t('receipt.download')}
    </Button>
  );
}
