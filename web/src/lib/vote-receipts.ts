import type { Receipt } from '@civitas/events/audit/merkle.contract';

/**
 * The receipts of the member's votes (event id and leaf hash from the vote's answer), kept in this
 * browser per opinion so the member can check later that the log includes their vote. The voting
 * feature keeps them, the audit feature checks them; neither imports the other.
 */
const STORAGE_KEY = 'civitas.voteReceipts';

function readAll(): Record<string, Receipt> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Receipt>) : {};
  } catch {
    return {};
  }
}

/** Keeps the latest receipt of a vote on this opinion (a retraction's receipt replaces the vote's). */
export function keepReceipt(opinionId: string, receipt: Receipt | null | undefined): void {
  if (!receipt) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [opinionId]: receipt }));
  } catch {
    // Storage full or refused: the vote stands; only the later check is not offered.
  }
}

export const receiptOf = (opinionId: string): Receipt | null => readAll()[opinionId] ?? null;
