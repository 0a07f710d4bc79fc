import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { OpinionCard } from './opinion-card';

const opinion = (overrides: Partial<OpinionView> = {}): OpinionView => ({
  id: '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11',
  topicId: '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f',
  userId: 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11',
  content: 'Night trains twice an hour.',
  supportCount: 0,
  opposeCount: 0,
  weightedSupport: 0,
  weightedOppose: 0,
  voteCount: 0,
  createdAt: '2026-03-05T10:04:00.000Z',
  updatedAt: '2026-03-05T10:04:00.000Z',
  user: { firstName: 'Layla', lastName: 'Haddad', profileImageUrl: null },
  myVote: null,
  hidden: null,
  ...overrides,
});
const hidden = { reason: 'Insults another member.', hiddenAt: '2026-03-06T10:00:00.000Z' };

describe('opinion card', () => {
  it('shows what the opinion says', () => {
    render(<OpinionCard opinion={opinion()} renderVotes={() => null} />);
    expect(screen.getByText('Night trains twice an hour.')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows members the moderator\u2019s reason in place of a hidden opinion (the server sends no text)', () => {
    render(<OpinionCard opinion={opinion({ content: '', hidden })} renderVotes={() => null} />);
    expect(screen.getByRole('note').textContent).toBe('This opinion was hidden by a moderator: Insults another member.');
    expect(screen.getByRole('article', { name: 'Opinion by Layla Haddad' })).toBeTruthy();
  });

  it('shows an admin the hidden opinion\u2019s text beside the reason', () => {
    render(<OpinionCard opinion={opinion({ hidden })} renderVotes={() => null} />);
    expect(screen.getByRole('note').textContent).toBe('Hidden from members by a moderator: Insults another member.');
    expect(screen.getByText('Night trains twice an hour.')).toBeTruthy();
  });
});
