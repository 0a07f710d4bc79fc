import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format, parseISO } from 'date-fns';
import type { AuditEntryView, AuditPage } from '@civitas/events/audit/audit.contract';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { AuditTab } from './audit-tab';

const AMAL = { id: '7c1f6a1e-0000-4000-8000-000000000001', name: 'Amal Haddad' };
const REEM = { id: '7c1f6a1e-0000-4000-8000-000000000002', name: 'Reem Saleh' };

const entry = (id: string, overrides: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  position: `000000000000000${id.length}-00000000000000${id.padStart(2, '0').slice(-2)}`,
  occurredAt: '2025-03-02T13:05:00.000Z',
  kind: 'verification.rejected',
  actor: AMAL,
  subjectType: 'verification',
  subjectId: `v-${id}`,
  subject: REEM,
  decision: 'rejected',
  reason: 'The photo is blurred.',
  ...overrides,
});

/** Answers GET /api/admin/audit by its query string, as the test's table says. */
function serveTrail(pages: Record<string, AuditPage>) {
  return mockFetch(({ url }) => {
    if (!url.startsWith('/api/admin/audit')) return undefined;
    const page = pages[url];
    return page ? jsonResponse(page) : jsonResponse({ entries: [], nextCursor: null });
  });
}

const items = () => screen.getAllByRole('listitem').filter((item) => item.closest('ul[aria-label="Audit trail, newest first"]'));

describe('the Audit tab', () => {
  it('lists the trail newest first: when, what, who (the platform named when no one decided), on what, the decision and the reason', async () => {
    serveTrail({
      '/api/admin/audit': {
        entries: [
          entry('2'),
          entry('1', { kind: 'role.granted', actor: null, subjectType: 'member', subjectId: AMAL.id, subject: AMAL, decision: 'admin', reason: null }),
          entry('0', { kind: 'verification.approved', actor: null, decision: 'approved automatically', reason: null }),
        ],
        nextCursor: null,
      },
    });
    renderWithQueries(<AuditTab />);

    const [rejected, granted, automatic] = await waitFor(() => {
      const list = items();
      expect(list).toHaveLength(3);
      return list;
    });
    expect(rejected!.getAttribute('aria-label')).toBe(`Verification rejected, ${format(parseISO('2025-03-02T13:05:00.000Z'), 'MMM d, yyyy, h:mm a')}`);
    expect(within(rejected!).getByRole('button', { name: 'Show only what Amal Haddad did' }).textContent).toBe('Amal Haddad');
    expect(within(rejected!).getByRole('button', { name: 'Show only entries about Verification concerning Reem Saleh' })).toBeTruthy();
    expect(within(rejected!).getByText('Decision: rejected')).toBeTruthy();
    expect(within(rejected!).getByText('Reason: The photo is blurred.')).toBeTruthy();
    expect(within(granted!).getByText('By ADMIN_EMAILS setting')).toBeTruthy();
    expect(within(granted!).getByText('Decision: admin')).toBeTruthy();
    expect(within(automatic!).getByText('By Automatic (first nationality)')).toBeTruthy();
  });

  it('narrows by kind, by the actor or subject chosen in the list, and lifts each filter again', async () => {
    const fetchMock = serveTrail({
      '/api/admin/audit': { entries: [entry('1')], nextCursor: null },
      '/api/admin/audit?kind=member.banned': {
        entries: [entry('2', { kind: 'member.banned', subjectType: 'member', subjectId: REEM.id, decision: 'banned', reason: 'Spam' })],
        nextCursor: null,
      },
      [`/api/admin/audit?actorId=${AMAL.id}`]: { entries: [entry('3', { reason: 'Actor filtered' })], nextCursor: null },
      [`/api/admin/audit?actorId=${AMAL.id}&subjectType=verification&subjectId=v-3`]: { entries: [entry('3', { reason: 'Both filtered' })], nextCursor: null },
    });
    renderWithQueries(<AuditTab />);
    await screen.findByText('Reason: The photo is blurred.');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Member banned' }));
    expect(await screen.findByText('Reason: Spam')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All kinds' }));
    await screen.findByText('Reason: The photo is blurred.');

    fireEvent.click(screen.getByRole('button', { name: 'Show only what Amal Haddad did' }));
    expect(await screen.findByText('Reason: Actor filtered')).toBeTruthy();
    expect(screen.getByText('By Amal Haddad', { selector: '.MuiChip-label' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show only entries about Verification concerning Reem Saleh' }));
    expect(await screen.findByText('Reason: Both filtered')).toBeTruthy();

    const actorChip = screen.getByText('By Amal Haddad', { selector: '.MuiChip-label' }).closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(actorChip).getByTestId('CancelIcon'));
    await waitFor(() => expect(requestsOf(fetchMock)).toContain('GET /api/admin/audit?subjectType=verification&subjectId=v-3'));
  });

  it('loads the next page after the last entry\u2019s position', async () => {
    const fetchMock = serveTrail({
      '/api/admin/audit': { entries: [entry('2'), entry('1', { reason: 'First page end' })], nextCursor: 'cursor-1' },
      '/api/admin/audit?before=cursor-1': { entries: [entry('0', { reason: 'Second page' })], nextCursor: null },
    });
    renderWithQueries(<AuditTab />);
    await screen.findByText('Reason: First page end');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Reason: Second page')).toBeTruthy();
    expect(items()).toHaveLength(3);
    expect(requestsOf(fetchMock)).toContain('GET /api/admin/audit?before=cursor-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing matches, and shows the server\u2019s refusal', async () => {
    serveTrail({});
    renderWithQueries(<AuditTab />);
    expect(await screen.findByText('No recorded actions match these filters.')).toBeTruthy();

    mockFetch(() => jsonResponse({ message: 'Auditor or admin access required' }, { status: 403 }));
    renderWithQueries(<AuditTab />);
    expect(await screen.findByText('Could not load the audit trail')).toBeTruthy();
    expect(screen.getByText(/Auditor or admin access required/)).toBeTruthy();
  });

  it('opens the history of an entry\u2019s item, and says when nothing is recorded yet', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/admin/audit')
        return jsonResponse({
          entries: [entry('1'), entry('2', { subjectType: 'report', subjectId: 'r-9', kind: 'report.submitted', decision: 'spam', reason: null })],
          nextCursor: null,
        });
      if (url === '/api/admin/audit/verification/v-1') {
        return jsonResponse({
          subjectType: 'verification',
          subjectId: 'v-1',
          entries: [entry('0', { kind: 'verification.submitted', actor: REEM, decision: 'id_number', reason: null }), entry('1')],
        });
      }
      if (url === '/api/admin/audit/report/r-9') return jsonResponse({ subjectType: 'report', subjectId: 'r-9', entries: [] });
      return undefined;
    });
    renderWithQueries(<AuditTab />);
    await waitFor(() => expect(items()).toHaveLength(2));

    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verification History' });
    expect(await within(dialog).findByText('Decision: id number')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')?.split(',')[0]),
    ).toEqual(['Verification submitted', 'Verification rejected']);
    // A history names people but offers no filters.
    expect(within(dialog).queryByRole('button', { name: /Show only/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(items()[1]!).getByRole('button', { name: 'History' }));
    const empty = await screen.findByRole('dialog', { name: 'Report History' });
    expect(await within(empty).findByText('Nothing has been recorded for this item yet.')).toBeTruthy();
  });
});
