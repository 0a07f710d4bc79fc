import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_CATEGORIES, SUGGESTION_CATEGORIES } from '@civitas/events/moderation/moderation.constants';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp, renderWithQueries } from '../../../test/render-app';
import { serveSidebarStats } from '../../../test/stats-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { REPORT_CATEGORY_LABELS, SUGGESTION_CATEGORY_LABELS } from './feedback-labels';
import { ReportButton } from './report-button';

const REPORT_ID = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11';
// A response body is read once: each request gets a new one.
const reported = () => jsonResponse({ position: '0000000000000001-0000000000000001', report: { id: REPORT_ID, status: 'pending' } }, { status: 201 });
const suggested = () =>
  jsonResponse({ position: '0000000000000001-0000000000000002', suggestion: { id: REPORT_ID, status: 'pending', priority: 'medium' } }, { status: 201 });

const post =
  (url: string, answer: () => Response): Route =>
  ({ url: called, init }) =>
    called === url && init?.method === 'POST' ? answer() : undefined;

function serveDashboard(...routes: Route[]) {
  return mockFetch(...routes, serveCurrentUser(makeUser()), serveSidebarStats(), ({ url }) => (url === '/api/groups' ? jsonResponse([]) : undefined));
}

async function openFromQuickActions(button: 'Submit Report' | 'Share Suggestion') {
  renderApp('/');
  const actions = await screen.findByRole('region', { name: 'Quick Actions' });
  fireEvent.click(within(actions).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: button });
}

const categorySelect = (dialog: HTMLElement, name: string) => within(dialog).getByRole<HTMLSelectElement>('combobox', { name });
const details = (dialog: HTMLElement) => within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Details' });

describe('report dialog (docs/product.md, Screens, Rules and Messages)', () => {
  it('opens from Quick Actions with the 12 report types of section 9 and a counter out of 2000', async () => {
    serveDashboard();
    const dialog = await openFromQuickActions('Submit Report');
    const options = within(categorySelect(dialog, 'Report Type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select a report type', ...REPORT_CATEGORIES.map((category) => REPORT_CATEGORY_LABELS[category])]);
    expect(within(dialog).getByText('0/2000')).toBeTruthy();
    fireEvent.change(details(dialog), { target: { value: 'Adverts everywhere' } });
    expect(within(dialog).getByText('18/2000')).toBeTruthy();
    // Pasted text beyond the limit is cut to it.
    fireEvent.change(details(dialog), { target: { value: 'x'.repeat(2100) } });
    expect(details(dialog).value).toHaveLength(2000);
    expect(within(dialog).getByText('2000/2000')).toBeTruthy();
  });

  it("says 'Incomplete Form' without a type or without details, sending nothing", async () => {
    const fetchMock = serveDashboard(post('/api/feedback/report', reported));
    const dialog = await openFromQuickActions('Submit Report');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Incomplete Form', description: 'Please select a report type', variant: 'destructive' }));
    fireEvent.change(categorySelect(dialog, 'Report Type'), { target: { value: 'spam' } });
    fireEvent.change(details(dialog), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Incomplete Form', description: 'Please select a report type and provide details.' }));
    expect(requestsTo(fetchMock, 'POST', '/api/feedback/report')).toHaveLength(0);
  });

  it("sends the type and trimmed details, says 'Report Submitted' and closes", async () => {
    const fetchMock = serveDashboard(post('/api/feedback/report', reported));
    const dialog = await openFromQuickActions('Submit Report');
    fireEvent.change(categorySelect(dialog, 'Report Type'), { target: { value: 'technical-issue' } });
    fireEvent.change(details(dialog), { target: { value: '  The vote button does nothing.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Report Submitted', variant: 'default' });
    const [call] = requestsTo(fetchMock, 'POST', '/api/feedback/report');
    expect(sentBody(call?.[1])).toEqual({ type: 'technical-issue', content: 'The vote button does nothing.' });
  });

  it("says 'Failed to Submit Report' with the server's message, or 'Please try again later.'", async () => {
    let answer = () =>
      jsonResponse({ message: 'You have sent many reports and suggestions in a short time. Please wait a while before sending more.' }, { status: 429 });
    serveDashboard(post('/api/feedback/report', () => answer()));
    const dialog = await openFromQuickActions('Submit Report');
    fireEvent.change(categorySelect(dialog, 'Report Type'), { target: { value: 'spam' } });
    fireEvent.change(details(dialog), { target: { value: 'Adverts.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to Submit Report',
        description: 'You have sent many reports and suggestions in a short time. Please wait a while before sending more.',
        variant: 'destructive',
      }),
    );
    // The dialog stays open with the text, to try again.
    expect(details(dialog).value).toBe('Adverts.');
    answer = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to Submit Report', description: 'Please try again later.' }));
  });

  it('reports the item a Report button sits beside', async () => {
    const fetchMock = mockFetch(post('/api/feedback/report', reported));
    renderWithQueries(<ReportButton targetType="opinion" targetId={REPORT_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Report' });
    expect(within(dialog).getByText('You are reporting this opinion.')).toBeTruthy();
    fireEvent.change(categorySelect(dialog, 'Report Type'), { target: { value: 'hate-speech' } });
    fireEvent.change(details(dialog), { target: { value: 'Insults a religion.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = requestsTo(fetchMock, 'POST', '/api/feedback/report');
    expect(sentBody(call?.[1])).toEqual({ type: 'hate-speech', content: 'Insults a religion.', targetType: 'opinion', targetId: REPORT_ID });
  });
});

describe('suggestion dialog', () => {
  it('offers the 12 suggestion types of section 9 and a counter out of 2000', async () => {
    serveDashboard();
    const dialog = await openFromQuickActions('Share Suggestion');
    const options = within(categorySelect(dialog, 'Suggestion Type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select a suggestion type', ...SUGGESTION_CATEGORIES.map((category) => SUGGESTION_CATEGORY_LABELS[category])]);
    expect(within(dialog).getByText('0/2000')).toBeTruthy();
  });

  it("says 'Incomplete Form' with the words of docs/product.md, Rules, then sends, says 'Suggestion Submitted' and closes", async () => {
    const fetchMock = serveDashboard(post('/api/feedback/suggestion', suggested));
    const dialog = await openFromQuickActions('Share Suggestion');
    fireEvent.change(details(dialog), { target: { value: 'Dark mode.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Incomplete Form', description: 'Please select a suggestion type and provide details.' }));
    fireEvent.change(categorySelect(dialog, 'Suggestion Type'), { target: { value: 'user-interface' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastToast()).toMatchObject({ title: 'Suggestion Submitted' });
    const [call] = requestsTo(fetchMock, 'POST', '/api/feedback/suggestion');
    expect(sentBody(call?.[1])).toEqual({ type: 'user-interface', content: 'Dark mode.' });
  });

  it("says 'Failed to Submit Suggestion' with the server's message or 'Please try again later.'", async () => {
    let answer = () => jsonResponse({ message: 'Please select a suggestion type and provide details.' }, { status: 400 });
    serveDashboard(post('/api/feedback/suggestion', () => answer()));
    const dialog = await openFromQuickActions('Share Suggestion');
    fireEvent.change(categorySelect(dialog, 'Suggestion Type'), { target: { value: 'performance' } });
    fireEvent.change(details(dialog), { target: { value: 'Faster pages.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Failed to Submit Suggestion', description: 'Please select a suggestion type and provide details.' }),
    );
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to Submit Suggestion', description: 'Please try again later.' }));
  });
});
