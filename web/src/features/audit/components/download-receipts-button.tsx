import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { RECEIPTS_FORMAT, type ReceiptsFile } from '@civitas/events/audit/export.contract';
import { useKeptReceipts } from '../../../lib/vote-receipts';
import { saveAsDownload } from '../api/download-export';

export const receiptsFileName = (topicId: string) => `civitas-receipts-${topicId}.json`;

/** The file `civitas-verify --receipt` reads (docs/decisions.md, Audit exports and the verifier). */
export const receiptsFile = (topicId: string, receipts: ReceiptsFile['receipts']): ReceiptsFile => ({
  format: RECEIPTS_FORMAT,
  topicId,
  receipts: receipts.map(({ eventId, leafHash }) => ({ eventId, leafHash })),
});

/**
 * 'Download my receipts': the receipts this browser keeps for the topic's votes and ballot, as one
 * file for the verifier (shown only when it keeps one; it sits at the start of a column, not across it).
 */
export function DownloadReceiptsButton({ topicId, keys }: { topicId: string; keys: readonly string[] }) {
  const { t } = useTranslation('audit');
  const receipts = useKeptReceipts(keys);
  if (receipts.length === 0) return null;
  const download = () =>
    saveAsDownload(new Blob([JSON.stringify(receiptsFile(topicId, receipts), null, 2)], { type: 'application/json' }), receiptsFileName(topicId));
  return (
    <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} startIcon={<DownloadIcon aria-hidden />} onClick={download}>
      {t('receipt.download')}
    </Button>
  );
}
