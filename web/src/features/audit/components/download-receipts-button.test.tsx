import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { RECEIPTS_FORMAT } from '@civitas/events/audit/export.contract';
import { renderWithQueries } from '../../../test/render-app';
import { ballotReceiptKey, keepReceipt } from '../../../lib/vote-receipts';
import { DownloadReceiptsButton, receiptsFileName } from './download-receipts-button';

const TOPIC = '00000000-0000-4000-8000-0000000000a1';
const [LUNCH, DINNER, ELSEWHERE] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c9'];
const receipt = (n: number) => ({ eventId: `00000000-0000-4000-8000-00000000000${n}`, leafHash: Buffer.alloc(32, n).toString('base64') });

/** What the button handed to the browser: the file's name and its parsed content. */
function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const created = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${created.size}`;
    created.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: created.get(this.href)! });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('Download my receipts', () => {
  it('is not offered while this browser keeps no receipt for the topic', () => {
    keepReceipt(ELSEWHERE, receipt(9));
    renderWithQueries(<DownloadReceiptsButton topicId={TOPIC} keys={[LUNCH, DINNER, ballotReceiptKey(TOPIC)]} />);
    expect(screen.queryByRole('button', { name: 'Download my receipts' })).toBeNull();
  });

  it('appears once a vote is kept, and saves the topic\u2019s receipts (votes and ballot, nothing of other topics) as the verifier reads them', async () => {
    const saved = captureDownloads();
    renderWithQueries(<DownloadReceiptsButton topicId={TOPIC} keys={[LUNCH, DINNER, ballotReceiptKey(TOPIC)]} />);
    act(() => {
      keepReceipt(LUNCH, receipt(1));
      keepReceipt(ballotReceiptKey(TOPIC), receipt(3));
      keepReceipt(ELSEWHERE, receipt(9));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my receipts' }));
    expect(saved.map((file) => file.name)).toEqual([receiptsFileName(TOPIC)]);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual({ format: RECEIPTS_FORMAT, topicId: TOPIC, receipts: [receipt(1), receipt(3)] });
  });
});
