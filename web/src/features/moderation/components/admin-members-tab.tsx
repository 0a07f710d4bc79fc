import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useAdminMembers, type AdminMemberView } from '../api/admin-members';
import type { Role } from '../api/change-role';
import { BanDialog, type BanRequest } from './ban-dialog';
import { ROLE_LABELS, RoleChangeDialog, type RoleChangeRequest } from './role-change-dialog';

const ROLES: Role[] = ['admin', 'auditor'];

interface AdminMembersTabProps {
  /** The signed-in admin: they are not offered a ban of themselves (the server refuses it too). */
  currentUserId: string;
  /** What the panel adds to each member (their History button). */
  renderItemActions?: (item: { id: string }) => ReactNode;
}

function MemberCard({
  member,
  self,
  onRole,
  onBan,
  extra,
}: {
  member: AdminMemberView;
  self: boolean;
  onRole: (request: RoleChangeRequest) => void;
  onBan: (request: BanRequest) => void;
  extra: ReactNode;
}) {
  const { t } = useTranslation('moderation');
  const bannedAt = formatDisplayDateTime(member.bannedAt);
  const joined = formatDisplayDateTime(member.createdAt);
  return (
    <Paper component="li" variant="outlined" aria-label={t('members.itemLabel', { name: member.name })} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{member.name}</Typography>
        {member.roles.map((role) => (
          <Chip key={role} size="small" color="primary" label={ROLE_LABELS[role]} />
        ))}
        {member.isBanned && <Chip size="small" color="error" label={t('members.banned')} />}
        {self && <Chip size="small" variant="outlined" label={t('members.you')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <Trans t={t} i18nKey="members.joined" values={{ date: joined ?? '' }} components={{ time: <time dateTime={member.createdAt} /> }} />
      </Typography>
      {member.isBanned && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {bannedAt ? t('members.bannedOn', { date: bannedAt, reason: member.banReason ?? '' }) : t('members.bannedNoDate', { reason: member.banReason ?? '' })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {ROLES.map((role) =>
          member.roles.includes(role) ? (
            <Button key={role} size="small" variant="outlined" color="error" onClick={() => onRole({ member, role, action: 'revoke' })}>
              {t('members.revoke', { role: ROLE_LABELS[role] })}
            </Button>
          ) : (
            <Button key={role} size="small" variant="outlined" onClick={() => onRole({ member, role, action: 'grant' })}>
              {t('members.make', { role: ROLE_LABELS[role] })}
            </Button>
          ),
        )}
        {member.isBanned ? (
          <Button size="small" variant="contained" onClick={() => onBan({ member, action: 'unban' })}>
            {t('members.liftBan')}
          </Button>
        ) : (
          !self && (
            <Button size="small" variant="contained" color="error" onClick={() => onBan({ member, action: 'ban' })}>
              {t('members.ban')}
            </Button>
          )
        )}
        {extra}
      </Stack>
    </Paper>
  );
}

/** The admin panel's Members tab: find members by name or e-mail, grant and revoke roles, ban and lift bans. */
export function AdminMembersTab({ currentUserId, renderItemActions }: AdminMembersTabProps) {
  const { t } = useTranslation('moderation');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [roleChange, setRoleChange] = useState<RoleChangeRequest | null>(null);
  const [ban, setBan] = useState<BanRequest | null>(null);
  const members = useAdminMembers(search);
  const list = members.data?.pages.flatMap((page) => page.users) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };

  let content: ReactNode;
  if (members.isPending)
    content = (
      <Typography role="status" color="text.secondary">
        {t('members.loading')}
      </Typography>
    );
  else if (members.isError) {
    content = (
      <Alert severity="error">
        <AlertTitle>{t('members.loadFailed')}</AlertTitle>
        {members.error.message}
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
        {search ? t('members.noMatch', { search }) : t('members.none')}
      </Typography>
    );
  } else {
    content = (
      <Stack component="ul" aria-label={t('members.label')} spacing={1.5} sx={{ m: 0, p: 0 }}>
        {list.map((member) => (
          <MemberCard
            key={member.id}
            member={member}
            self={member.id === currentUserId}
            onRole={setRoleChange}
            onBan={setBan}
            extra={renderItemActions?.(member)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit} noValidate>
        <TextField
          label={t('members.search')}
          placeholder={t('members.searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained">
          {t('members.searchButton')}
        </Button>
      </Stack>
      {content}
      {members.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void members.fetchNextPage()} disabled={members.isFetchingNextPage}>
            {members.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
          </Button>
        </Box>
      )}
      <RoleChangeDialog request={roleChange} onClose={() => setRoleChange(null)} />
      <BanDialog request={ban} onClose={() => setBan(null)} />
    </Stack>
  );
}
