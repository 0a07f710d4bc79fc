import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditSubjectType } from '@civitas/events/audit/audit.contract';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { NotAllowedPage } from '../../../pages/not-allowed-page';
import { AuditTab } from '../../../features/audit/components/audit-tab';
import { HistoryButton } from '../../../features/audit/components/history-dialog';
import { AdminMembersTab } from '../../../features/moderation/components/admin-members-tab';
import { AdminReportsTab } from '../../../features/moderation/components/admin-reports-tab';
import { AdminSuggestionsTab } from '../../../features/moderation/components/admin-suggestions-tab';
import { AdminVerificationsTab } from '../../../features/verification/components/admin-verifications-tab';
import { AdminCountCards } from './admin-count-cards';

/** docs/product.md, Screens: three tabs with verifications first; then the members (roles, bans) and the audit trail. */
const TABS = ['verifications', 'reports', 'suggestions', 'members', 'audit'] as const;
type TabValue = (typeof TABS)[number];

/** Each item's History button: the trail of that verification, report, suggestion or member. */
const historyOf = (subjectType: AuditSubjectType) => (item: { id: string }) => <HistoryButton subjectType={subjectType} subjectId={item.id} />;

function Heading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
  );
}

function AdminPanel({ user }: { user: AuthUser }) {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<TabValue>('verifications');
  const baseId = useId();
  const tabId = (value: TabValue) => `${baseId}-tab-${value}`;
  const panelId = (value: TabValue) => `${baseId}-panel-${value}`;
  const panels: Record<TabValue, ReactNode> = {
    verifications: <AdminVerificationsTab renderItemActions={historyOf('verification')} />,
    reports: <AdminReportsTab renderItemActions={historyOf('report')} />,
    suggestions: <AdminSuggestionsTab renderItemActions={historyOf('suggestion')} />,
    members: <AdminMembersTab currentUserId={user.id} renderItemActions={historyOf('member')} />,
    audit: <AuditTab />,
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Heading title={t('panel.title')} subtitle={t('panel.subtitle')} />
      <AdminCountCards />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, value: TabValue) => setTab(value)}
          aria-label={t('panel.sections')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={t(`panel.tabs.${value}`)} id={tabId(value)} aria-controls={panelId(value)} />
          ))}
        </Tabs>
        {TABS.map((value) => (
          <Box key={value} role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} hidden={tab !== value} sx={{ p: { xs: 2, md: 3 } }}>
            {/* Each tab reads its list when shown; the count cards keep the first three lists read. */}
            {tab === value && panels[value]}
          </Box>
        ))}
      </Paper>
    </Stack>
  );
}

/** An auditor reads the trail and acts on nothing (only admins act). */
function AuditorView() {
  const { t } = useTranslation('admin');
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Heading title={t('auditor.title')} subtitle={t('auditor.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <AuditTab />
      </Paper>
    </Stack>
  );
}

/**
 * /admin: the panel for admins, the audit trail for auditors, a 'not allowed' page for everyone
 * else (docs/product.md, Roles: roles are data; the API refuses them too).
 */
export function AdminPage({ user }: { user: AuthUser }) {
  if (user.isAdmin) return <AdminPanel user={user} />;
  if (user.roles.includes('auditor')) return <AuditorView />;
  return <NotAllowedPage page="admin" />;
}
