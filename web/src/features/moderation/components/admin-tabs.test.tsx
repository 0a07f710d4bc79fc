import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminReportItem, AdminSuggestionItem } from '@civitas/events/moderation/feedback.contract';
import { createQueryClient } from '../../../lib/api-client';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { AdminReportsTab } from './admin-reports-tab';
import { AdminSuggestionsTab } from './admin-suggestions-tab';
import { formatDisplayDateTime } from '../../../lib/format-date';

const REPORT = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11';
const TOPIC = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const SUGGESTION = 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11';
const POSITION = '0000000000000001-0000000000000001';

const report = (overrides: Partial<AdminReportItem> = {}): AdminReportItem => ({
  id: REPORT,
  type: 'spam',
  content: 'The same advert in every topic.',
  targetType: 'topic',
  targetId: TOPIC,
  status: 'pending',
  adminNotes: null,
  createdAt: '2026-03-05T10:04:00.000Z',
  reviewedAt: null,
  reporter: { id: 'reporter', name: 'Bilal Nasser' },
  target: {
    type: 'topic',
    id: TOPIC,
    topicId: TOPIC,
    topicTitle: 'Cheaper buses',
    content: 'Cheaper buses',
    author: { id: 'author', name: 'Reem Haddad' },
    hidden: null,
  },
  earlierReports: [],
  ...overrides,
});
const OPINION = 'd'.repeat(8);
const opinionReport = (overrides: Partial<AdminReportItem> = {}) =>
  report({
    type: 'harassment',
    targetType: 'opinion',
    targetId: OPINION,
    target: {
      type: 'opinion',
      id: OPINION,
      topicId: TOPIC,
      topicTitle: 'Cheaper buses',
      content: 'Only fools would vote against this.',
      author: { id: 'author', name: 'Reem Haddad' },
      hidden: null,
    },
    ...overrides,
  });
const suggestion = (overrides: Partial<AdminSuggestionItem> = {}): AdminSuggestionItem => ({
  id: SUGGESTION,
  type: 'accessibility',
  content: 'A high-contrast theme, please.',
  status: 'pending',
  priority: 'medium',
  adminNotes: null,
  implementationNotes: null,
  createdAt: '2026-03-06T15:30:00.000Z',
  reviewedAt: null,
  ...overrides,
});

const serveList =
  (url: string, items: () => unknown[]): Route =>
  ({ url: called, init }) =>
    called === url && (init?.method ?? 'GET') === 'GET' ? jsonResponse(items()) : undefined;
const servePost =
  (url: string, answer: () => Response): Route =>
  ({ url: called, init }) =>
    called === url && init?.method === 'POST' ? answer() : undefined;
const history = (item: { id: string }) => <button type="button">{`History of ${item.id}`}</button>;

describe('admin reports tab', () => {
  it('lists each report with its type, status, details, what it is about, dates and the panel\u2019s own actions', async () => {
    mockFetch(
      serveList('/api/admin/reports', () => [
        report(),
        report({
          id: 'b'.repeat(8),
          type: 'harassment',
          targetType: 'chat_message',
          targetId: 'c'.repeat(8),
          target: { type: 'chat_message', id: 'c'.repeat(8), topicId: null, topicTitle: null, content: null, author: null, hidden: null },
          status: 'resolved',
          adminNotes: 'Removed.',
          reviewedAt: '2026-03-07T08:15:00.000Z',
        }),
      ]),
    );
    renderWithQueries(<AdminReportsTab renderItemActions={history} />);
    const list = await screen.findByRole('list', { name: 'Reports' });
    const [spam, harassment] = within(list).getAllByRole('listitem');
    expect(within(spam!).getByText('Spam')).toBeTruthy();
    expect(within(spam!).getByText('Pending')).toBeTruthy();
    expect(within(spam!).getByText('The same advert in every topic.')).toBeTruthy();
    expect(within(spam!).getByRole('link', { name: 'Cheaper buses' }).getAttribute('href')).toBe(`/topic/${TOPIC}`);
    expect(within(spam!).getByText('Reported by Bilal Nasser')).toBeTruthy();
    // Short month, day, year, hour and minute (section 2), in the reader's zone.
    const submitted = formatDisplayDateTime('2026-03-05T10:04:00.000Z')!;
    expect(submitted).toMatch(/^Mar \d{1,2}, 2026, \d{1,2}:\d{2} (AM|PM)$/);
    expect(within(spam!).getByText(submitted)).toBeTruthy();
    expect(within(spam!).getByRole('button', { name: `History of ${REPORT}` })).toBeTruthy();
    expect(within(harassment!).getByText('Resolved')).toBeTruthy();
    // The message no longer exists: nothing to quote or act on.
    expect(within(harassment!).getByText('The reported item no longer exists.')).toBeTruthy();
    expect(within(harassment!).queryByRole('button', { name: 'Take Action' })).toBeNull();
    expect(within(harassment!).getByText(formatDisplayDateTime('2026-03-07T08:15:00.000Z')!)).toBeTruthy();
    expect(within(harassment!).getByText('Removed.')).toBeTruthy();
  });

  it("says 'No Reports' when there are none", async () => {
    mockFetch(serveList('/api/admin/reports', () => []));
    renderWithQueries(<AdminReportsTab />);
    expect(await screen.findByText('No Reports')).toBeTruthy();
  });

  it('quotes the reported opinion with its author, its topic page, whether it is hidden, and the earlier reports on it', async () => {
    mockFetch(
      serveList('/api/admin/reports', () => [
        opinionReport({
          target: { ...opinionReport().target!, hidden: { reason: 'Insults.', hiddenAt: '2026-03-06T10:00:00.000Z' } },
          earlierReports: [
            { id: 'e'.repeat(8), type: 'spam', status: 'rejected', createdAt: '2026-03-04T09:00:00.000Z', reporter: { id: 'x', name: 'Omar Saleh' } },
          ],
        }),
      ]),
    );
    renderWithQueries(<AdminReportsTab />);
    const item = await screen.findByRole('listitem', { name: 'Report: Harassment' });
    expect(within(item).getByText('Reported by Bilal Nasser')).toBeTruthy();
    expect(within(item).getByText(/Reported opinion by Reem Haddad, on/)).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Cheaper buses' }).getAttribute('href')).toBe(`/topic/${TOPIC}`);
    expect(within(item).getByRole('blockquote', { name: 'Reported opinion' }).textContent).toBe('Only fools would vote against this.');
    expect(within(item).getByText('Hidden from members: Insults.')).toBeTruthy();
    expect(within(item).getByText('Earlier reports on this opinion: 1')).toBeTruthy();
    const earlier = within(item).getByRole('list', { name: 'Earlier reports' });
    expect(within(earlier).getByText(/^Spam by Omar Saleh, Rejected, /)).toBeTruthy();
  });

  it('hides the opinion with a reason (refused without one), says so and reads the reports and the audit again', async () => {
    let items = [opinionReport()];
    const fetchMock = mockFetch(
      servePost(`/api/admin/reports/${REPORT}/action`, () => {
        items = [
          opinionReport({ target: { ...opinionReport().target!, hidden: { reason: 'Insults another member.', hiddenAt: '2026-03-06T10:00:00.000Z' } } }),
        ];
        return jsonResponse({ position: POSITION, action: 'hide', reportId: REPORT, targetType: 'opinion', targetId: OPINION, authorId: 'author' });
      }),
      serveList('/api/admin/reports', () => items),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(['admin', 'audit'], []);
    renderWithQueries(<AdminReportsTab />, queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Take Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Action' });
    expect(within(dialog).getByText('Only fools would vote against this.')).toBeTruthy();
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      'Hide the opinion',
      'Warn the author, Reem Haddad',
      'Ban the author, Reem Haddad',
    ]);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Hide the opinion' }).checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ description: 'Please give a reason: the member is shown it.', variant: 'destructive' }));
    expect(requestsTo(fetchMock, 'POST', `/api/admin/reports/${REPORT}/action`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: ' Insults another member. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Action Recorded' });
    const [call] = requestsTo(fetchMock, 'POST', `/api/admin/reports/${REPORT}/action`);
    expect(sentBody(call?.[1])).toEqual({ action: 'hide', reason: 'Insults another member.' });
    expect(await screen.findByText('Hidden from members: Insults another member.')).toBeTruthy();
    expect(queryClient.getQueryState(['admin', 'audit'])?.isInvalidated).toBe(true);

    // Hidden now: the dialog offers to show it again, without a reason required.
    fireEvent.click(screen.getByRole('button', { name: 'Take Action' }));
    const again = await screen.findByRole('dialog', { name: 'Take Action' });
    expect(within(again).getByRole<HTMLInputElement>('radio', { name: 'Show the opinion again' }).checked).toBe(true);
  });

  it('starts the review at the report\u2019s current status', async () => {
    mockFetch(serveList('/api/admin/reports', () => [report({ status: 'under_review' })]));
    renderWithQueries(<AdminReportsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Report' });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('under_review');
  });

  it("refuses to save without a status ('Status Required'), then saves, says 'Report Updated' and reads the list and the audit again", async () => {
    let items = [report()];
    const fetchMock = mockFetch(
      servePost(`/api/admin/reports/${REPORT}/update`, () => {
        items = [report({ status: 'resolved', adminNotes: 'Removed the adverts.', reviewedAt: '2026-03-08T09:00:00.000Z' })];
        return jsonResponse({ position: POSITION, report: { id: REPORT, status: 'resolved', adminNotes: 'Removed the adverts.' } });
      }),
      serveList('/api/admin/reports', () => items),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(['admin', 'audit'], []);
    renderWithQueries(<AdminReportsTab />, queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Report' });
    const notes = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Admin Notes' });
    expect(notes.getAttribute('rows')).toBe('4');

    const status = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    // It starts at the current status; choosing none is refused.
    expect(status.value).toBe('pending');
    fireEvent.change(status, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Status Required', description: 'Please select a status for this report.', variant: 'destructive' }),
    );
    expect(requestsTo(fetchMock, 'POST', `/api/admin/reports/${REPORT}/update`)).toHaveLength(0);

    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select status', 'Pending', 'Under Review', 'Resolved', 'Rejected']);
    fireEvent.change(status, { target: { value: 'resolved' } });
    fireEvent.change(notes, { target: { value: '  Removed the adverts.  ' } });
    const readsBefore = requestsTo(fetchMock, 'GET', '/api/admin/reports').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Report Updated' });
    const [call] = requestsTo(fetchMock, 'POST', `/api/admin/reports/${REPORT}/update`);
    expect(sentBody(call?.[1])).toEqual({ status: 'resolved', adminNotes: 'Removed the adverts.' });
    expect(await screen.findByText('Resolved')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET', '/api/admin/reports').length).toBeGreaterThan(readsBefore);
    expect(queryClient.getQueryState(['admin', 'audit'])?.isInvalidated).toBe(true);
  });

  it("says 'Error' with the server's message, or 'Failed to update report'", async () => {
    let answer = () => jsonResponse({ message: 'Report not found' }, { status: 404 });
    mockFetch(
      servePost(`/api/admin/reports/${REPORT}/update`, () => answer()),
      serveList('/api/admin/reports', () => [report()]),
    );
    renderWithQueries(<AdminReportsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Report' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'rejected' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Report not found', variant: 'destructive' }));
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to update report' }));
  });
});

describe('admin suggestions tab', () => {
  it('lists each suggestion with its type, status, priority and date, and the panel\u2019s actions', async () => {
    mockFetch(serveList('/api/admin/suggestions', () => [suggestion({ status: 'approved', priority: 'high', adminNotes: 'Planned.' })]));
    renderWithQueries(<AdminSuggestionsTab renderItemActions={history} />);
    const [item] = within(await screen.findByRole('list', { name: 'Suggestions' })).getAllByRole('listitem');
    for (const text of [
      'Accessibility',
      'Approved',
      'High priority',
      'A high-contrast theme, please.',
      'Planned.',
      formatDisplayDateTime('2026-03-06T15:30:00.000Z')!,
    ]) {
      expect(within(item!).getByText(text)).toBeTruthy();
    }
    expect(within(item!).queryByText(/Implementation notes/)).toBeNull();
    expect(within(item!).getByRole('button', { name: `History of ${SUGGESTION}` })).toBeTruthy();
  });

  it("says 'No Suggestions' when there are none", async () => {
    mockFetch(serveList('/api/admin/suggestions', () => []));
    renderWithQueries(<AdminSuggestionsTab />);
    expect(await screen.findByText('No Suggestions')).toBeTruthy();
  });

  it("needs both status and priority ('Fields Required'), then saves and says 'Suggestion Updated'", async () => {
    let items = [suggestion()];
    const fetchMock = mockFetch(
      servePost(`/api/admin/suggestions/${SUGGESTION}/update`, () => {
        items = [suggestion({ status: 'implemented', priority: 'critical', reviewedAt: '2026-03-08T09:00:00.000Z' })];
        return jsonResponse({ position: POSITION, suggestion: { id: SUGGESTION, status: 'implemented', priority: 'critical', adminNotes: null } });
      }),
      serveList('/api/admin/suggestions', () => items),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(['admin', 'audit'], []);
    renderWithQueries(<AdminSuggestionsTab />, queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Suggestion' });
    expect(within(dialog).getByRole('textbox', { name: 'Admin Notes' }).getAttribute('rows')).toBe('4');
    const status = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    const priority = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Priority' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select status', 'Pending', 'Under Review', 'Approved', 'Implemented', 'Rejected']);
    expect(
      within(priority)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select priority', 'Low', 'Medium', 'High', 'Critical']);

    // It starts at the current status and priority; with no priority chosen it is refused.
    expect([status.value, priority.value]).toEqual(['pending', 'medium']);
    fireEvent.change(priority, { target: { value: '' } });
    fireEvent.change(status, { target: { value: 'implemented' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Suggestion' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Fields Required', description: 'Please select both status and priority for this suggestion.' }),
    );
    expect(requestsTo(fetchMock, 'POST', `/api/admin/suggestions/${SUGGESTION}/update`)).toHaveLength(0);

    fireEvent.change(priority, { target: { value: 'critical' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Suggestion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Suggestion Updated' });
    const [call] = requestsTo(fetchMock, 'POST', `/api/admin/suggestions/${SUGGESTION}/update`);
    expect(sentBody(call?.[1])).toEqual({ status: 'implemented', priority: 'critical', adminNotes: null });
    expect(await screen.findByText('Implemented')).toBeTruthy();
    expect(queryClient.getQueryState(['admin', 'audit'])?.isInvalidated).toBe(true);
  });

  it("says 'Error' with the server's message, or 'Failed to update suggestion'", async () => {
    let answer = () => jsonResponse({ message: 'Admin access required' }, { status: 403 });
    mockFetch(
      servePost(`/api/admin/suggestions/${SUGGESTION}/update`, () => answer()),
      serveList('/api/admin/suggestions', () => [suggestion()]),
    );
    renderWithQueries(<AdminSuggestionsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Suggestion' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'rejected' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Priority' }), { target: { value: 'low' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Suggestion' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Admin access required' }));
    answer = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Suggestion' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to update suggestion' }));
  });
});
