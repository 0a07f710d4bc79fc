import { within } from '@testing-library/react';
import type { OpinionView } from '../lib/api/get-topic-opinions';
import { jsonResponse, mockFetch } from './mock-fetch';
import { makeOpinion } from './topic-page-fixtures';

/** A table as text: its header row, then each row's header and cells (the result cards' tables). */
export const tableCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].filter((cell) => cell.textContent !== '').map((cell) => cell.textContent));

const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });

/** The two opinions a law's result tests count, posted an hour apart, and how the result cards name them. */
export function lawOpinions(topicId: string) {
  const thirty = makeOpinion({ topicId, content: 'Make it 30 km/h near every school', user: person('Layla', 'Nasser'), createdAt: '2025-03-02T10:00:00.000Z' });
  const bumps = makeOpinion({ topicId, content: 'Speed bumps instead', user: person('Omar', 'Farouk'), createdAt: '2025-03-02T11:00:00.000Z' });
  return { thirty, bumps };
}
export const THIRTY = '“Make it 30 km/h near every…” by Layla Nasser';
export const BUMPS = '“Speed bumps instead” by Omar Farouk';

/** The result read answers `result`, the opinions read `opinions`. */
export function serveLawResult(topicId: string, result: unknown, opinions: readonly OpinionView[]): void {
  mockFetch(({ url }) => {
    if (url === `/api/topics/${topicId}/result`) return jsonResponse(result);
    if (url === `/api/topics/${topicId}/opinions`) return jsonResponse(opinions);
    return undefined;
  });
}
