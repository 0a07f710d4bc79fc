import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { TopicCard } from './topic-card';

// Noon UTC: the same calendar day in any time zone the tests run in.
const NOW = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('topic card', () => {
  beforeEach(() => {
    // Only the clock: Testing Library's waits still run on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows type, age, author, title and expiry, and links to the topic', () => {
    const topic = makeTopic({
      title: 'Lower the speed limit near schools',
      type: 'dispute_resolution',
      createdAt: ago(3 * HOUR),
      expiresAt: '2025-03-17T12:00:00.000Z',
      author: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
    });
    render(<TopicCard topic={topic} />);

    const card = screen.getByRole('article', { name: 'Lower the speed limit near schools' });
    expect(within(card).getByText('Dispute Resolution')).toBeTruthy();
    expect(within(card).getByText('3 hours ago')).toBeTruthy();
    expect(within(card).getByText('Omar Farouk')).toBeTruthy();
    expect(within(card).getByText('OF')).toBeTruthy();
    expect(within(card).getByText('Expires Mar 17, 2025')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Lower the speed limit near schools' }).getAttribute('href')).toBe(`/topic/${topic.id}`);
    expect(within(card).getByRole('link', { name: 'Join Discussion' }).getAttribute('href')).toBe(`/topic/${topic.id}`);
  });

  it('counts the opinions and votes, in the plural the number needs', () => {
    const { unmount } = render(<TopicCard topic={makeTopic({ title: 'Busy', opinionCount: 3, voteCount: 12 })} />);
    const card = screen.getByRole('article', { name: 'Busy' });
    expect(within(card).getByText('3 opinions')).toBeTruthy();
    expect(within(card).getByText('12 votes')).toBeTruthy();
    unmount();
    render(<TopicCard topic={makeTopic({ title: 'Quiet', opinionCount: 1, voteCount: 1 })} />);
    expect(within(screen.getByRole('article', { name: 'Quiet' })).getByText('1 opinion')).toBeTruthy();
    expect(screen.getByText('1 vote')).toBeTruthy();
  });

  it.each([
    ['closed', makeTopic({ status: 'closed', expiresAt: '2025-03-17T12:00:00.000Z' })],
    ['past its end', makeTopic({ status: 'active', expiresAt: ago(MINUTE) })],
  ])('says Expired when %s', (_, topic) => {
    render(<TopicCard topic={topic} />);
    expect(screen.getByText('Expired')).toBeTruthy();
  });

  it('cuts a long description at 200 characters, with Show more and Show less', () => {
    const description = `${'a'.repeat(195)} bcdef tail of the text`;
    render(<TopicCard topic={makeTopic({ description })} />);

    expect(screen.getByText(`${'a'.repeat(195)} bcde...`)).toBeTruthy();
    expect(screen.queryByText(description)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByText(`${'a'.repeat(195)} bcde...`)).toBeTruthy();
  });

  it('shows a description of 200 characters in full, without Show more', () => {
    const description = 'b'.repeat(200);
    render(<TopicCard topic={makeTopic({ description })} />);

    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
