import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { SectionCard } from '../../../components/section-card';
import { QueryErrorAlert } from '../../../components/query-error';
import { UserAvatar } from '../../../components/user-avatar';
import { Auto } from '../../../components/bidi';
import { useGroupMembers, type GroupMemberView } from '../api/get-group-members';

function MemberRow({ member, isYou }: { member: GroupMemberView; isYou: boolean }) {
  const { t } = useTranslation('groups');
  const name = personName(member);
  return (
    <Stack component="li" direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.75 }}>
      <UserAvatar user={member} size={32} />
      <Typography sx={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
        <Auto>{name}</Auto>
        {isYou && (
          <Typography component="span" color="text.secondary">
            {' '}
            {t('members.you')}
          </Typography>
        )}
      </Typography>
      {member.role === 'owner' && <Chip size="small" color="primary" variant="outlined" label={t('members.owner')} />}
      {member.isLeader && <Chip size="small" color="secondary" variant="outlined" label={t('members.leader')} />}
    </Stack>
  );
}

/** Who is in a personal group (Family, Friends, Business): shown to its members, as the server allows. */
export function GroupMembersCard({ groupId, userId }: { groupId: number; userId: string }) {
  const { t } = useTranslation('groups');
  const members = useGroupMembers(groupId);
  let body;
  if (members.isPending) {
    body = <Typography color="text.secondary">{t('members.loading')}</Typography>;
  } else if (members.isError) {
    body = <QueryErrorAlert error={members.error} onRetry={() => void members.refetch()} />;
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('members.count', { count: members.data.length })}
        </Typography>
        <Box component="ul" aria-label={t('members.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {members.data.map((member) => (
            <MemberRow key={member.userId} member={member} isYou={member.userId === userId} />
          ))}
        </Box>
      </>
    );
  }
  return (
    <SectionCard title={t('members.title')} titleGap={1}>
      {body}
    </SectionCard>
  );
}
