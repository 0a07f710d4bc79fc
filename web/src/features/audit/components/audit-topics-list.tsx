import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TopicType } from '@civitas/events/topics/topic-rules';
import { TOPIC_TYPE_KEYS } from '../../../lib/topic-type-keys';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useAuditTopics, type AuditTopicView } from '../api/get-audit-topics';
import { resultText, topicStatusLabel } from './topic-audit-labels';
import { Auto } from '../../../components/bidi';

const STATUS_COLORS = { active: 'success', closed: 'default', deleted: 'error' } as const;

function TopicRow({ topic, selected, onSelect }: { topic: AuditTopicView; selected: boolean; onSelect: (topic: AuditTopicView) => void }) {
  // The topic types' names are the 'topics' namespace's (topic cards say the same).
  const { t } = useTranslation(['audit', 'topics']);
  const typeKey = TOPIC_TYPE_KEYS[topic.type as TopicType] as (typeof TOPIC_TYPE_KEYS)[TopicType] | undefined;
  const created = formatDisplayDateTime(topic.createdAt);
  return (
    <ListItemButton
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(topic)}
      sx={{ borderRadius: 1, alignItems: 'flex-start' }}
    >
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {topic.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" variant="outlined" label={typeKey ? t(`topics:${typeKey}`) : topic.type} />
          <Chip size="small" color={STATUS_COLORS[topic.status]} label={topicStatusLabel(topic.status)} />
          <Typography variant="body2" color="text.secondary">
            <Auto>{topic.groupName}</Auto>
          </Typography>
        </Stack>
        <Typography variant="body2">{resultText(topic)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {topic.closedAt
            ? t('topics.createdClosed', { created, closed: formatDisplayDateTime(topic.closedAt) })
            : t('topics.createdEnds', { created, ends: formatDisplayDateTime(topic.expiresAt) })}
        </Typography>
      </Stack>
    </ListItemButton>
  );
}

interface AuditTopicsListProps {
  selectedId: string | null;
  onSelect: (topic: AuditTopicView) => void;
}

/** Every topic and election, newest first, with its type, group, status and published result; 20 at a time. */
export function AuditTopicsList({ selectedId, onSelect }: AuditTopicsListProps) {
  const { t } = useTranslation('audit');
  const topics = useAuditTopics();
  if (topics.isPending)
    return (
      <Typography role="status" color="text.secondary">
        {t('topics.loading')}
      </Typography>
    );
  if (topics.isError) return <Alert severity="error">{t('topics.loadFailed', { message: topics.error.message })}</Alert>;
  const all = topics.data.pages.flatMap((page) => page.topics);
  if (all.length === 0) return <Typography color="text.secondary">{t('topics.none')}</Typography>;
  return (
    <Stack spacing={1}>
      <List aria-label={t('topics.label')} disablePadding>
        {all.map((topic) => (
          <li key={topic.id}>
            <TopicRow topic={topic} selected={topic.id === selectedId} onSelect={onSelect} />
          </li>
        ))}
      </List>
      {topics.hasNextPage && (
        <Button onClick={() => void topics.fetchNextPage()} disabled={topics.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {topics.isFetchingNextPage ? t('trail.loadingMore') : t('trail.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
