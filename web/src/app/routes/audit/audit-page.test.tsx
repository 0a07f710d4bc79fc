import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditTopicView, TopicHistoryEntry } from '@civitas/events/audit/history.contract';
import type { TopicTimeline } from '@civitas/events/audit/timeline.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { memberNavLinks } from '../../header/member-nav-links';

const auditor = makeUser({ firstName: 'Rania', roles: ['auditor'] });
const TOPIC_ID = '5b0c1d2e-0000-4000-8000-000000000001';
const OPINION_ID = '9a8b7c6d-0000-4000-8000-000000000002';

const topicOf = (overrides: Partial<AuditTopicView>): AuditTopicView => ({
  id: TOPIC_ID,
  title: 'Lower the speed limit near schools',
  type: 'law_amendment',
  groupId: 1682,
  groupName: 'Saudi Arabia',
  status: 'closed',
  createdAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
  closedAt: '2025-03-08T10:00:05.000Z',
  result: { kind: 'law_enacted', opinionId: OPINION_ID, winnerId: null, weightedSupport: 3 },
  ...overrides,
});
const entry = (index: number, overrides: Partial<TopicHistoryEntry> = {}): TopicHistoryEntry => ({
  position: `0000000000000001-${String(index).padStart(16, '0')}`,
  occurredAt: '2025-03-02T13:05:00.000Z',
  kind: 'vote_cast',
  actor: 'member-0123456789ab',
  isMine: false,
  opinionId: OPINION_ID,
  candidate: null,
  choice: 'support',
  delegate: null,
  ...overrides,
});
const timeline: TopicTimeline = {
  from: '2025-03-01T10:00:00.000Z',
  to: '2025-03-08T10:00:05.000Z',
  series: [
    {
      position: '0000000000000001-0000000000000001',
      at: '2025-03-01T10:00:00.000Z',
      tallies: [{ id: OPINION_ID, label: 'A 30 km/h limit', weightedSupport: 0, weightedOppose: 0 }],
    },
    {
      position: '0000000000000001-0000000000000009',
      at: '2025-03-08T10:00:05.000Z',
      tallies: [{ id: OPINION_ID, label: 'A 30 km/h limit', weightedSupport: 3, weightedOppose: 1 }],
    },
  ],
};

const serveAudit: Route = ({ url }) => {
  if (url === '/api/audit/topics') {
    return jsonResponse({
      topics: [
        topicOf({}),
        topicOf({
          id: 'open-1',
          title: 'Open question',
          status: 'active',
          closedAt: null,
          result: { kind: 'pending', opinionId: null, winnerId: null, weightedSupport: null },
        }),
      ],
      nextCursor: 'cursor-1',
    });
  }
  if (url === '/api/audit/topics?before=cursor-1') {
    return jsonResponse({
      topics: [
        topicOf({
          id: 'older-1',
          title: 'Elect a leader',
          type: 'election',
          result: { kind: 'winner', opinionId: null, winnerId: 'cand-1234567', weightedSupport: 5 },
        }),
      ],
      nextCursor: null,
    });
  }
  const base = `/api/audit/topics/${TOPIC_ID}`;
  if (url === `${base}/history`) {
    return jsonResponse({
      entries: [entry(1, { kind: 'topic_created', choice: null, opinionId: null }), entry(2, { isMine: true, actor: 'member-fedcba987654' })],
      nextCursor: 'h-2',
    });
  }
  if (url === `${base}/history?before=h-2`) return jsonResponse({ entries: [entry(3, { kind: 'law_enacted', actor: null, choice: null })], nextCursor: null });
  if (url === `${base}/history?kind=vote_retracted`)
    return jsonResponse({ entries: [entry(4, { kind: 'vote_retracted', choice: null, actor: 'member-aaaaaaaaaaaa' })], nextCursor: null });
  if (url === `${base}/timeline`) return jsonResponse(timeline);
  if (url === '/.well-known/civitas-log-key') return jsonResponse({ algorithm: 'Ed25519', publicKey: 'TE9HLUtFWQ==', keyId: '0123456789abcdef' });
  if (url === `${base}/export`)
    return jsonResponse({ message: 'The log has not been checkpointed past this topic\u2019s latest event yet. Try again in a few seconds.' }, { status: 503 });
  return undefined;
};

const historyRows = () =>
  within(screen.getByRole('table', { name: 'Topic history, oldest first' }))
    .getAllByRole('row')
    .slice(1);

describe('the audit pages at /audit', () => {
  it('lists topics with type, group, status and result, and loads more', async () => {
    const fetchMock = mockFetch(serveCurrentUser(auditor), serveAudit);
    renderApp('/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Topics, newest first' });
    const [closed, open] = within(list).getAllByRole('listitem');
    expect(within(closed!).getByText('Law Amendment', { exact: false })).toBeTruthy();
    expect(within(closed!).getByText('Closed')).toBeTruthy();
    expect(within(closed!).getByText('Saudi Arabia')).toBeTruthy();
    expect(within(closed!).getByText('Law enacted from opinion 9a8b7c6d (weighted support 3)')).toBeTruthy();
    expect(within(open!).getByText('Pending (still open)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Winner: candidate cand-123 (weighted support 5)')).toBeTruthy();
    expect(requestsOf(fetchMock)).toContain('GET /api/audit/topics?before=cursor-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a topic: its timeline, and its history with pseudonyms, You on own entries, a kind filter and more pages', async () => {
    mockFetch(serveCurrentUser(auditor), serveAudit);
    renderApp('/audit');
    fireEvent.click(await screen.findByRole('button', { name: /Lower the speed limit near schools/ }));

    const audit = await screen.findByRole('region', { name: 'Audit of Lower the speed limit near schools' });
    expect(within(audit).getByRole('link', { name: 'Open topic page' }).getAttribute('href')).toBe(`/topic/${TOPIC_ID}`);
    expect(await within(audit).findByText(/At the end: A 30 km\/h limit: 3 support, 1 oppose\./)).toBeTruthy();
    // No time slider here: it moves a topic page's tallies.
    expect(within(audit).queryByRole('slider')).toBeNull();

    await waitFor(() => expect(historyRows()).toHaveLength(2));
    const [created, mine] = historyRows();
    expect(within(created!).getByText('Topic created')).toBeTruthy();
    expect(within(mine!).getByText('member-fedcba987654')).toBeTruthy();
    expect(within(mine!).getByText('You')).toBeTruthy();
    expect(within(mine!).getByText('Opinion 9a8b7c6d · Support')).toBeTruthy();
    expect(within(created!).queryByText('You')).toBeNull();

    fireEvent.click(within(audit).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(historyRows()).toHaveLength(3));
    expect(within(historyRows()[2]!).getByText('Law enacted')).toBeTruthy();
    expect(within(historyRows()[2]!).getByText('Platform')).toBeTruthy();

    fireEvent.mouseDown(within(audit).getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vote retracted' }));
    await waitFor(() => expect(historyRows()).toHaveLength(1));
    expect(within(historyRows()[0]!).getByText('member-aaaaaaaaaaaa')).toBeTruthy();
  });

  it('offers the topic\u2019s export with the verifier\u2019s command and the log\u2019s key, and says why a download is refused', async () => {
    const fetchMock = mockFetch(serveCurrentUser(auditor), serveAudit);
    renderApp('/audit');
    fireEvent.click(await screen.findByRole('button', { name: /Lower the speed limit near schools/ }));
    const card = await screen.findByRole('region', { name: 'Verify it yourself' });
    expect(await within(card).findByText(`npx civitas-verify civitas-topic-${TOPIC_ID}.ndjson --key TE9HLUtFWQ==`)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Download export' }));
    expect(await within(card).findByText(/not been checkpointed past this topic/)).toBeTruthy();
    expect(requestsOf(fetchMock)).toContain(`GET /api/audit/topics/${TOPIC_ID}/export`);
  });

  it('shows other members Not Allowed, without reading the topics', async () => {
    const fetchMock = mockFetch(serveCurrentUser(makeUser()), serveAudit);
    renderApp('/audit');

    expect(await screen.findByRole('heading', { name: 'Not Allowed' })).toBeTruthy();
    expect(screen.getByText('Audit is only open to auditors and administrators.', { exact: false })).toBeTruthy();
    expect(requestsOf(fetchMock).filter((request) => request.includes('/api/audit'))).toEqual([]);
  });

  it('says what failed when the server refuses', async () => {
    mockFetch(serveCurrentUser(auditor), ({ url }) =>
      url === '/api/audit/topics' ? jsonResponse({ message: 'Only auditors and admins may do this' }, { status: 403 }) : undefined,
    );
    renderApp('/audit');
    expect(await screen.findByText(/Could not load the topics: .*Only auditors and admins may do this/)).toBeTruthy();
  });

  it('links Audit in the header for auditors and admins only', () => {
    expect(memberNavLinks(auditor)).toContainEqual({ label: 'Audit', href: '/audit' });
    expect(memberNavLinks(auditor)).toContainEqual({ label: 'Audit Trail', href: '/admin' });
    expect(memberNavLinks(makeUser({ isAdmin: true, roles: ['admin'] }))).toContainEqual({ label: 'Audit', href: '/audit' });
    expect(memberNavLinks(makeUser()).map((link) => link.label)).not.toContain('Audit');
  });
});
