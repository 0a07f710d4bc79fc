import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { useFriends } from '../api/get-friends';
import { PersonRow } from '../../../components/person-row';
import { RemoveFromGroupDialog, type PersonToRemove } from './remove-from-group-dialog';
import { Ltr } from '../../../components/bidi';

/** The owner's current friends, each with Cut friendship (after a confirmation). */
export function FriendsList({ groupId }: { groupId: number }) {
  const { t } = useTranslation('invitations');
  const headingId = useId();
  const friends = useFriends(groupId);
  const [confirming, setConfirming] = useState<PersonToRemove | null>(null);

  let body;
  if (friends.isPending) {
    body = <Typography color="text.secondary">{t('friends.loading')}</Typography>;
  } else if (friends.isError) {
    body = <Alert severity="error">{t('friends.loadFailed', { message: friends.error.message })}</Alert>;
  } else {
    // Cut friendships are history: the list is who is in the group now.
    const active = friends.data.filter((friend) => friend.status === 'active');
    body =
      active.length === 0 ? (
        <Typography color="text.secondary">{t('friends.empty')}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {active.map((friend) => {
            const name = personName(friend.friend);
            return (
              <PersonRow key={friend.id} name={name} detail={friend.friend.email && <Ltr>{friend.friend.email}</Ltr>}>
                <Button size="small" color="error" onClick={() => setConfirming({ id: friend.friendId, name })}>
                  {t('friends.cut')}
                </Button>
              </PersonRow>
            );
          })}
        </Box>
      );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1 }}>
        {t('friends.title')}
      </Typography>
      {body}
      <RemoveFromGroupDialog kind="friends" groupId={groupId} person={confirming} onClose={() => setConfirming(null)} />
    </Box>
  );
}
