import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RECEIPTS_FORMAT } from '@civitas/events/audit/export.contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { ballotReceiptKey, keepReceipt } from '../../../lib/vote-receipts';
import { DownloadReceiptsButton, receiptsFileName } from './download-receipts-button';

const TOPIC = '00000000-0000-4000-8000-0000000000a1';
const [LUNCH, DINNER, ELSEWHERE] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c9'];
const KEYS = [LUNCH, DINNER, ballotReceiptKey(TOPIC)];
const receipt = (n: number) => ({ eventId: `00000000-0000-4000-8000-00000000000${n}`, leafHash: Buffer.alloc(32, n).toString('base64') });
const RECEIPTS_URL = `/api/topics/${TOPIC}/receipts`;
const serverKeeps = (...receipts: Array<ReturnType<typeof receipt>>) =>
  mockFetch(({ url }) => (url === RECEIPTS_URL ? jsonResponse({ format: RECEIPTS_FORMAT, topicId: TOPIC, receipts }) : undefined));

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
const savedFile = async (saved: ReturnType<typeof captureDownloads>) => {
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe(receiptsFileName(TOPIC));
  return JSON.parse(await saved[0]!.blob.text()) as unknown;
};

afterEach(() => vi.restoreAllMocks());

describe('Download my receipts', () => {
  it('is not offered while neither the server nor this browser has a receipt for the topic', async () => {
    const fetchMock = serverKeeps();
    keepReceipt(ELSEWHERE, receipt(9));
    renderWithQueries(<DownloadReceiptsButton topicId={TOPIC} keys={KEYS} signedIn />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Download my receipts' })).toBeNull();
  });

  it('on another device: saves what the server lists, as the verifier reads it', async () => {
    serverKeeps(receipt(1), receipt(2));
    const saved = captureDownloads();
    renderWithQueries(<DownloadReceiptsButton topicId={TOPIC} keys={KEYS} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my receipts' }));
    expect(await savedFile(saved)).toEqual({ format: RECEIPTS_FORMAT, topicId: TOPIC, receipts: [receipt(1), receipt(2)] });
  });

  it('adds the receipts this browser kept (votes and ballot, nothing of other topics) that the server no longer lists', async () => {
    serverKeeps(receipt(1));
    const saved = captureDownloads();
    renderWithQueries(<DownloadReceiptsButton topicId={TOPIC} keys={KEYS} signedIn />);
    act(() => {
      keepReceipt(LUNCH, receipt(1));
      keepReceipt(ballotReceiptKey(TOPIC), receipt(3));
      keepReceipt(ELSEWHERE, receipt(9));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my receipts' }));
    expect(await savedFile(saved)).toEqual({ format: RECEIPTS_FORMAT, topicId: TOPIC, receipts: [receipt(1), receipt(3)] });
  });
});
