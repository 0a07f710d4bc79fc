import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import GavelIcon from '@mui/icons-material/Gavel';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useGroupTopics } from '../../../lib/api/get-group-topics';
import type { Group } from '../../../lib/api/group';
import { CreateTopicDialog } from './create-topic-dialog';
import { canCreateTopicIn, topicCreationBlock, type TopicCreator } from './topic-access';
import { TopicCreationNotice } from './topic-creation-notice';
import { TopicCard } from './topic-card';
import { QueryErrorAlert } from '../../../components/query-error';

function TopicList({ groupId, canCreate }: { groupId: number; canCreate: boolean }) {
  const { t } = useTranslation('topics');
  const topics = useGroupTopics(groupId);
  if (topics.isPending) return <Typography color="text.secondary">{t('section.loading')}</Typography>;
  if (topics.isError) return <QueryErrorAlert error={topics.error} onRetry={() => void topics.refetch()} />;
  if (topics.data.length === 0) {
    return <Typography color="text.secondary">{canCreate ? t('section.emptyCanCreate') : t('section.empty')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {topics.data.map((topic) => (
        <TopicCard key={topic.id} topic={topic} />
      ))}
    </Stack>
  );
}

interface GroupTopicsSectionProps {
  group: Group;
  member: TopicCreator;
}

/**
 * 'Discussion Topics': the group's topics, and Create Topic only where a topic of some type can
 * be created by this member; a participant who cannot is told why and offered the way there.
 */
export function GroupTopicsSection({ group, member }: GroupTopicsSectionProps) {
  const { t } = useTranslation('topics');
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const canCreate = canCreateTopicIn(group, member);
  const block = topicCreationBlock(group, member);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h2">
          {t('section.heading')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} href={`/laws/${group.id}`} variant="outlined" startIcon={<GavelIcon aria-hidden />}>
            {t('section.viewLaws')}
          </Button>
          {canCreate && (
            <Button variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setCreating(true)}>
              {t('section.createTopic')}
            </Button>
          )}
        </Stack>
      </Stack>
      {block && (
        <Box sx={{ mb: 2 }}>
          <TopicCreationNotice block={block} groupName={group.name} banReason={member.banReason} />
        </Box>
      )}
      <TopicList groupId={group.id} canCreate={canCreate} />
      {canCreate && <CreateTopicDialog open={creating} onClose={() => setCreating(false)} groups={[group]} member={member} />}
    </Box>
  );
}
