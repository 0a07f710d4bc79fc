import { useMemo, useSyncExternalStore } from 'react';
import type { Receipt } from '@civitas/events/audit/merkle.contract';

/**
 * The receipts of the member's votes and ballots (event id and leaf hash from the answer), kept in
 * this browser per opinion (a ballot: per election, `ballotReceiptKey`) so the member can check later
 * that the log includes them. The voting and elections features keep them, the audit feature
 * checks them; none imports another.
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
    for (const listener of listeners) listener();
  } catch {
    // Storage full or refused: the vote stands; only the later check is not offered.
  }
}

export const receiptOf = (opinionId: string): Receipt | null => readAll()[opinionId] ?? null;

/** Where an election's ballot receipt is kept (one ballot per member and election). */
export const ballotReceiptKey = (topicId: string) => `ballot:${topicId}`;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
};

/** The kept receipt, re-read when this browser keeps a new one. */
export function useKeptReceipt(key: string): Receipt | null {
  const stored = useSyncExternalStore(subscribe, snapshot);
  return stored ? receiptOf(key) : null;
}

/** The kept receipts under any of these keys (a topic's opinions and its ballot), re-read when this browser keeps a new one. */
export function useKeptReceipts(keys: readonly string[]): Receipt[] {
  const stored = useSyncExternalStore(subscribe, snapshot);
  const joined = keys.join('\n');
  return useMemo(() => {
    if (!stored) return [];
    const all = readAll();
    return joined
      .split('\n')
      .map((key) => all[key])
      .filter((receipt): receipt is Receipt => receipt !== undefined);
  }, [stored, joined]);
}
