import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeaderReportView } from '@civitas/events/moderation/feedback.contract';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { LeaderReportsSection } from './leader-reports-section';
import { ReportToLeadersButton } from './report-to-leaders-button';

const GROUP = 1682;
const REPORT = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11';
const OFFENDER = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const LIST_URL = `/api/leader-reports?groupId=${GROUP}`;

const leaderReport = (overrides: Partial<LeaderReportView> = {}): LeaderReportView => ({
  id: REPORT,
  reporterId: 'reporter-1',
  reportedUserId: OFFENDER,
  groupId: GROUP,
  reason: 'Harassment in the chat',
  description: 'Insulted members who disagreed.',
  evidence: 'Chat of 3 to 5 March',
  status: 'pending',
  notes: null,
  reviewedBy: null,
  reviewerRole: null,
  reviewedAt: null,
  createdAt: '2026-03-05T10:04:00.000Z',
  reporter: { firstName: 'Reem', lastName: 'Saleh', profileImageUrl: null },
  reportedUser: { firstName: 'Fahad', lastName: 'Aziz', profileImageUrl: null },
  ...overrides,
});
const serveList =
  (items: () => LeaderReportView[]): Route =>
  ({ url, init }) =>
    url === LIST_URL && (init?.method ?? 'GET') === 'GET' ? jsonResponse(items()) : undefined;

describe('leader reports section (group page, for its leader and admins)', () => {
  it('lists who was reported, why, by whom, with the evidence', async () => {
    mockFetch(serveList(() => [leaderReport()]));
    renderWithQueries(<LeaderReportsSection groupId={GROUP} />);
    const item = await screen.findByRole('listitem', { name: 'Report about Fahad Aziz' });
    for (const text of ['Harassment in the chat', 'Insulted members who disagreed.', 'Chat of 3 to 5 March', 'Reported by Reem Saleh', 'Pending']) {
      expect(within(item).getByText(text)).toBeTruthy();
    }
  });

  it("says 'No Leader Reports' when nobody of the group was reported", async () => {
    mockFetch(serveList(() => []));
    renderWithQueries(<LeaderReportsSection groupId={GROUP} />);
    expect(await screen.findByText('No Leader Reports')).toBeTruthy();
  });

  it('reviews a report: a status is required, then it is saved and the list read again', async () => {
    let items = [leaderReport()];
    const updateUrl = `/api/leader-reports/${REPORT}/update`;
    const fetchMock = mockFetch(
      ({ url, init }) => {
        if (url !== updateUrl || init?.method !== 'POST') return undefined;
        items = [leaderReport({ status: 'resolved', notes: 'Spoke with both.', reviewerRole: 'leader', reviewedAt: '2026-03-06T09:00:00.000Z' })];
        return jsonResponse({
          position: '0000000000000001-0000000000000001',
          leaderReport: { id: REPORT, status: 'resolved', notes: 'Spoke with both.', reviewerRole: 'leader' },
        });
      },
      serveList(() => items),
    );
    renderWithQueries(<LeaderReportsSection groupId={GROUP} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Leader Report' });
    expect(within(dialog).getByRole('textbox', { name: 'Notes' }).getAttribute('rows')).toBe('4');
    // It starts at the current status; with none chosen it is refused.
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('pending');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Status Required', description: 'Please select a status for this report.' }));
    expect(requestsTo(fetchMock, 'POST', updateUrl)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'resolved' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Spoke with both.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Report Updated' });
    expect(sentBody(requestsTo(fetchMock, 'POST', updateUrl)[0]?.[1])).toEqual({ status: 'resolved', notes: 'Spoke with both.' });
    expect(await screen.findByText('Resolved')).toBeTruthy();
    expect(screen.getByText('Spoke with both.')).toBeTruthy();
  });

  it("says 'Error' with the server's refusal", async () => {
    mockFetch(
      ({ url, init }) =>
        url === `/api/leader-reports/${REPORT}/update` && init?.method === 'POST'
          ? jsonResponse({ message: 'A report about you is reviewed by an administrator.' }, { status: 403 })
          : undefined,
      serveList(() => [leaderReport()]),
    );
    renderWithQueries(<LeaderReportsSection groupId={GROUP} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Leader Report' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'rejected' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'A report about you is reviewed by an administrator.' }));
  });
});

describe('report to group leaders', () => {
  const subject = { groupId: GROUP, userId: OFFENDER, name: 'Fahad Aziz' };
  const fileRoute =
    (answer: () => Response): Route =>
    ({ url, init }) =>
      url === '/api/leader-reports' && init?.method === 'POST' ? answer() : undefined;

  async function open() {
    fireEvent.click(screen.getByRole('button', { name: 'Report to group leaders' }));
    return screen.findByRole('dialog', { name: 'Report to Group Leaders' });
  }

  it('asks for a reason and what happened, then sends the report about that member in that group', async () => {
    const fetchMock = mockFetch(
      fileRoute(() => jsonResponse({ position: '0000000000000001-0000000000000001', leaderReport: { id: REPORT, status: 'pending' } }, { status: 201 })),
    );
    renderWithQueries(<ReportToLeadersButton subject={subject} />);
    const dialog = await open();
    expect(within(dialog).getByText(/Report Fahad Aziz to this group/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to Leaders' }));
    expect(await within(dialog).findByText('Please give a reason for your report.')).toBeTruthy();
    expect(within(dialog).getByText('Please describe what happened.')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/leader-reports')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Harassment' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What happened' }), { target: { value: 'Insults in the chat.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to Leaders' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Report Sent to Leaders' });
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/leader-reports')[0]?.[1])).toEqual({
      reportedUserId: OFFENDER,
      groupId: GROUP,
      reason: 'Harassment',
      description: 'Insults in the chat.',
      evidence: null,
    });
  });

  it("says 'Failed to Submit Report' with the server's message", async () => {
    mockFetch(fileRoute(() => jsonResponse({ message: 'This person is not a member of the group.' }, { status: 404 })));
    renderWithQueries(<ReportToLeadersButton subject={subject} />);
    const dialog = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Spam' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What happened' }), { target: { value: 'Adverts.' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Evidence (optional)' }), { target: { value: 'Topic of 3 March' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to Leaders' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Failed to Submit Report', description: 'This person is not a member of the group.', variant: 'destructive' }),
    );
  });
});
