import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { NOTIFICATION_TYPES } from '@civitas/events/notifications/notification.contract';
import { chooseLanguage } from '../../../i18n';
import type { NotificationItem } from '../api/get-notifications';
import { makeNotification } from '../test-fixtures';
import { NotificationDetails } from './notification-details';
import { NotificationSentence } from './notification-sentence';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const inHours = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
const sentence = (overrides: Partial<NotificationItem>) => render(<NotificationSentence item={makeNotification(overrides)} now={NOW} />).container.textContent;

describe('a notification as a sentence', () => {
  it.each<[string, Partial<NotificationItem>, string]>([
    ['a new topic', { type: 'topic_opened' }, 'New topic in Saudi Arabia: Longer library hours'],
    [
      'a new election, with the time left',
      { type: 'election_opened', closesAt: inHours(5) },
      'New election in Saudi Arabia: Longer library hours, closes in 5 hours',
    ],
    ['a vote closing soon', { type: 'closing_soon', closesAt: inHours(26) }, 'Longer library hours closes in 1 day 2 hours and you have not voted yet'],
    ['a vote that closed meanwhile', { type: 'closing_soon', closesAt: inHours(-1) }, 'You have not voted on Longer library hours in Saudi Arabia yet'],
    ['an election won by someone', { type: 'election_result' }, 'Omar Haddad won the election Longer library hours in Saudi Arabia'],
    ['an election without a winner', { type: 'election_result', actor: null }, 'The election Longer library hours in Saudi Arabia ended without a winner'],
    ['an election the member won', { type: 'elected', actor: null }, 'You won the election Longer library hours in Saudi Arabia'],
    [
      'a delegate who left',
      { type: 'delegate_ineligible', outcome: 'left' },
      'Your delegate Omar Haddad left Saudi Arabia: their vote no longer counts for you there',
    ],
    [
      'a delegate banned',
      { type: 'delegate_ineligible', outcome: 'banned', group: null },
      'Your delegate Omar Haddad was banned: their vote no longer counts for you',
    ],
    ['a mention', { type: 'mention' }, 'Omar Haddad mentioned you in Longer library hours'],
    ['a verification approved', { type: 'verification_reviewed', outcome: 'approved' }, 'Your verification was approved'],
    ['a verification rejected', { type: 'verification_reviewed', outcome: 'rejected' }, 'Your verification was rejected'],
    ['a report resolved', { type: 'report_reviewed', outcome: 'resolved' }, 'Your report was reviewed and resolved'],
    ['a report under review', { type: 'report_reviewed', outcome: 'under_review' }, 'Your report is under review'],
    ['an invitation accepted', { type: 'invitation_accepted', topic: null }, 'Omar Haddad accepted your invitation to Saudi Arabia'],
    ['a failed payment', { type: 'subscription', outcome: 'payment_failed' }, 'A payment for your subscription failed'],
  ])('%s', (_, overrides, expected) => {
    expect(sentence(overrides)).toBe(expected);
  });

  it('names an erased member, and one with no account left, Deleted member; no one, A member', () => {
    expect(sentence({ type: 'mention', actor: { id: 'b4b4b4b4-b4b4-44b4-84b4-b4b4b4b4b4b4', firstName: 'Deleted member', lastName: null } })).toBe(
      'Deleted member mentioned you in Longer library hours',
    );
    expect(sentence({ type: 'delegate_voted', actor: { id: 'b4b4b4b4-b4b4-44b4-84b4-b4b4b4b4b4b4', firstName: null, lastName: null } })).toBe(
      'Your delegate Deleted member voted on Longer library hours',
    );
    expect(sentence({ type: 'invitation_accepted', actor: null })).toBe('A member accepted your invitation to Saudi Arabia');
  });

  it('has a sentence for every type', () => {
    for (const type of NOTIFICATION_TYPES) expect(sentence({ type })?.trim()).not.toBe('');
  });

  it('quotes a mention, or says it was hidden', () => {
    const shown = render(<NotificationDetails item={makeNotification({ type: 'mention', excerpt: 'Look at this, @Amina' })} now={NOW} />).container.textContent;
    expect(shown).toContain('“Look at this, @Amina”');
    const hidden = render(<NotificationDetails item={makeNotification({ type: 'mention', excerpt: null })} now={NOW} />).container.textContent;
    expect(hidden).toContain('The message was hidden by a moderator.');
  });

  it('reads in Arabic, the names members wrote isolated in it', async () => {
    await chooseLanguage('ar');
    const { container } = render(<NotificationSentence item={makeNotification({ type: 'delegate_voted', closesAt: inHours(5) })} now={NOW} />);
    expect(container.textContent).toContain('صوّت مفوَّضك');
    expect(container.textContent).toContain('5 ساعات');
    expect([...container.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['Omar Haddad', 'Longer library hours']);
    expect(
      render(
        <NotificationSentence
          item={makeNotification({ actor: { id: 'b4b4b4b4-b4b4-44b4-84b4-b4b4b4b4b4b4', firstName: null, lastName: null }, type: 'mention' })}
          now={NOW}
        />,
      ).container.textContent,
    ).toContain('عضو محذوف');
  });
});
