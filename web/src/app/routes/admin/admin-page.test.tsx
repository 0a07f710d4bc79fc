import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntryView } from '@civitas/events/audit/audit.contract';
import type { AdminReportItem, AdminSuggestionItem } from '@civitas/events/moderation/feedback.contract';
import type { AdminVerificationItem } from '@civitas/events/verification/verification.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { memberNavLinks } from '../../header/member-nav-links';

const admin = makeUser({ firstName: 'Amal', isAdmin: true, roles: ['admin'] });

const verification = (id: string, userName: string): AdminVerificationItem => ({
  id,
  userId: `user-${id}`,
  userName,
  country: 'Egypt',
  nationalId: '29001011234567',
  verificationType: 'document',
  documentImageUrl: `/api/user/verifications/${id}/document`,
  confirmedByLeader: false,
  createdAt: '2025-03-02T13:05:00.000Z',
});
const report = (id: string, status: AdminReportItem['status']): AdminReportItem => ({
  id,
  type: 'spam',
  content: `Report ${id}`,
  targetType: null,
  targetId: null,
  reporter: { id: 'reporter', name: 'Reem Haddad' },
  target: null,
  earlierReports: [],
  status,
  adminNotes: null,
  createdAt: '2025-03-02T13:05:00.000Z',
  reviewedAt: null,
});
const suggestion = (id: string, status: AdminSuggestionItem['status']): AdminSuggestionItem => ({
  id,
  type: 'accessibility',
  content: `Suggestion ${id}`,
  status,
  priority: 'medium',
  adminNotes: null,
  implementationNotes: null,
  createdAt: '2025-03-02T13:05:00.000Z',
  reviewedAt: null,
});
const historyEntry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'e-1',
  position: '0000000000000001-0000000000000001',
  occurredAt: '2025-03-02T13:05:00.000Z',
  kind: 'verification.submitted',
  actor: { id: 'user-v-1', name: 'Nour Haddad' },
  subjectType: 'verification',
  subjectId: 'v-1',
  subject: { id: 'user-v-1', name: 'Nour Haddad' },
  decision: 'document',
  reason: null,
  ...overrides,
});

/** The three lists the panel counts, and one verification's history. */
const servePanel: Route = ({ url }) => {
  if (url === '/api/admin/verifications') return jsonResponse([verification('v-1', 'Nour Haddad'), verification('v-2', 'Omar Saleh')]);
  if (url === '/api/admin/reports')
    return jsonResponse([report('r-1', 'pending'), report('r-2', 'under_review'), report('r-3', 'pending'), report('r-4', 'resolved')]);
  if (url === '/api/admin/suggestions') return jsonResponse([suggestion('s-1', 'pending'), suggestion('s-2', 'approved')]);
  if (url === '/api/admin/audit/verification/v-1') {
    return jsonResponse({
      subjectType: 'verification',
      subjectId: 'v-1',
      entries: [
        historyEntry({}),
        historyEntry({
          id: 'e-2',
          kind: 'verification.rejected',
          actor: { id: admin.id, name: 'Amal Haddad' },
          decision: 'rejected',
          reason: 'The photo is blurred.',
        }),
      ],
    });
  }
  return undefined;
};

const card = (label: string) => screen.getByRole('region', { name: label });

describe('the admin panel at /admin', () => {
  it('shows an admin the title, the four counts of what waits, and the verifications tab first', async () => {
    mockFetch(serveCurrentUser(admin), servePanel);
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByText('Manage verifications, reports, and suggestions')).toBeTruthy();
    await waitFor(() => expect(within(card('Total Pending')).getByText('5')).toBeTruthy());
    // Two verifications listed, two pending reports (not the one under review or resolved), one pending suggestion.
    expect(within(card('ID Verifications')).getByText('2')).toBeTruthy();
    expect(within(card('Pending Reports')).getByText('2')).toBeTruthy();
    expect(within(card('New Suggestions')).getByText('1')).toBeTruthy();

    const tabs = screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]);
    expect(tabs).toEqual([
      ['Verifications', 'true'],
      ['Reports', 'false'],
      ['Suggestions', 'false'],
      ['Members', 'false'],
      ['Audit', 'false'],
    ]);
    expect(await screen.findByRole('listitem', { name: 'Verification: Nour Haddad, Egypt' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(await screen.findByText('Report r-3')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Suggestions' }));
    expect(await screen.findByText('Suggestion s-2')).toBeTruthy();
  });

  it('opens an item\u2019s history from its History button: who did what, when and why, oldest first', async () => {
    mockFetch(serveCurrentUser(admin), servePanel);
    renderApp('/admin');

    const item = await screen.findByRole('listitem', { name: 'Verification: Nour Haddad, Egypt' });
    fireEvent.click(within(item).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verification History' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries.map((entry) => entry.getAttribute('aria-label')?.split(',')[0])).toEqual(['Verification submitted', 'Verification rejected']);
    expect(within(entries[1]!).getByText('By Amal Haddad')).toBeTruthy();
    expect(within(entries[1]!).getByText('Decision: rejected')).toBeTruthy();
    expect(within(entries[1]!).getByText('Reason: The photo is blurred.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows other members a not-allowed page and asks the server for nothing of the panel', async () => {
    const fetchMock = mockFetch(serveCurrentUser(makeUser()), servePanel);
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Not Allowed' })).toBeTruthy();
    expect(screen.getByText(/only open to administrators/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull();
    expect(requestsOf(fetchMock).filter((line) => line.includes('/api/admin/'))).toEqual([]);
  });

  it('shows an auditor the audit trail only, which they may read', async () => {
    const auditor = makeUser({ roles: ['auditor'] });
    const fetchMock = mockFetch(serveCurrentUser(auditor), ({ url }) =>
      url === '/api/admin/audit'
        ? jsonResponse({
            entries: [
              historyEntry({
                kind: 'member.banned',
                subjectType: 'member',
                subjectId: 'user-9',
                subject: { id: 'user-9', name: 'Fahad Ali' },
                decision: 'banned',
                reason: 'Spam',
              }),
            ],
            nextCursor: null,
          })
        : undefined,
    );
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Audit Trail' })).toBeTruthy();
    expect(await screen.findByText('Reason: Spam')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(requestsOf(fetchMock).filter((line) => line.includes('/api/admin/'))).toEqual(['GET /api/admin/audit']);
  });
});

describe('the header link to /admin', () => {
  it('is Admin Panel for admins, Audit Trail for auditors, and absent for everyone else', () => {
    expect(memberNavLinks(admin).map((link) => link.label)).toEqual(['Dashboard', 'My Profile', 'Admin Panel', 'Audit']);
    expect(memberNavLinks(makeUser({ roles: ['auditor'] })).at(-2)).toEqual({ label: 'Audit Trail', href: '/admin' });
    expect(memberNavLinks(makeUser()).map((link) => link.label)).toEqual(['Dashboard', 'My Profile']);
  });
});
