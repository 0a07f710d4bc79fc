import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS, type AuditEntryView, type AuditKind } from '@civitas/events/audit/audit.contract';
import type { AuditFilters } from '../api/audit-keys';
import { useAuditTrail } from '../api/get-audit-trail';
import { AuditEntry } from './audit-entry';
import { actorName, kindLabel, subjectText } from './audit-labels';
import { HistoryButton } from './history-dialog';
import { QueryErrorAlert } from '../../../components/query-error';

const ALL_KINDS = 'all';

/** A filter set by choosing a name in the list, shown as a chip that removes it. */
interface NamedFilter {
  label: string;
  filters: AuditFilters;
}

/**
 * The admin panel's Audit tab: every review, role, ban, badge and leader action, newest first,
 * narrowed by kind and by who acted or what it concerned (choose a name in the list), 50 at a time.
 */
export function AuditTab() {
  const { t } = useTranslation('audit');
  const [kind, setKind] = useState<AuditKind | typeof ALL_KINDS>(ALL_KINDS);
  const [actor, setActor] = useState<NamedFilter | null>(null);
  const [subject, setSubject] = useState<NamedFilter | null>(null);
  const filters: AuditFilters = { ...(kind === ALL_KINDS ? {} : { kind }), ...actor?.filters, ...subject?.filters };
  const trail = useAuditTrail(filters);
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  const filterActor = (entry: AuditEntryView) => setActor({ label: t('trail.byActor', { name: actorName(entry) }), filters: { actorId: entry.actor!.id } });
  const filterSubject = (entry: AuditEntryView) =>
    setSubject({ label: subjectText(entry), filters: { subjectType: entry.subjectType, subjectId: entry.subjectId } });

  let list;
  if (trail.isPending)
    list = (
      <Typography role="status" color="text.secondary">
        {t('trail.loading')}
      </Typography>
    );
  else if (trail.isError) {
    list = <QueryErrorAlert title={t('trail.loadFailed')} error={trail.error} onRetry={() => void trail.refetch()} />;
  } else if (entries.length === 0) {
    list = (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
        {t('trail.none')}
      </Typography>
    );
  } else {
    list = (
      <Stack component="ul" aria-label={t('trail.label')} spacing={0.75} sx={{ m: 0, p: 0 }}>
        {entries.map((entry) => (
          <AuditEntry
            key={entry.id}
            entry={entry}
            onFilterActor={filterActor}
            onFilterSubject={filterSubject}
            actions={<HistoryButton subjectType={entry.subjectType} subjectId={entry.subjectId} />}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('trail.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as AuditKind | typeof ALL_KINDS)}
          sx={{ minWidth: 260 }}
          size="small"
        >
          <MenuItem value={ALL_KINDS}>{t('trail.allKinds')}</MenuItem>
          {AUDIT_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {kindLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        {actor && <Chip label={actor.label} onDelete={() => setActor(null)} />}
        {subject && <Chip label={subject.label} onDelete={() => setSubject(null)} />}
        {!actor && !subject && (
          <Typography variant="body2" color="text.secondary">
            {t('trail.hint')}
          </Typography>
        )}
      </Stack>
      {list}
      {trail.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void trail.fetchNextPage()} disabled={trail.isFetchingNextPage}>
            {trail.isFetchingNextPage ? t('trail.loadingMore') : t('trail.loadMore')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
