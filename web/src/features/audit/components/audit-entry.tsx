import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@civitas/events/audit/audit.contract';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { actorName, decisionText, kindLabel, subjectText } from './audit-labels';

interface AuditEntryProps {
  entry: AuditEntryView;
  /** Narrows the trail to this entry's actor or subject (the Audit tab); absent in a history. */
  onFilterActor?: (entry: AuditEntryView) => void;
  onFilterSubject?: (entry: AuditEntryView) => void;
  actions?: ReactNode;
}

/** A line whose name narrows the list when the tab offers it, plain text otherwise. */
function Filterable({ prefix = '', text, label, onClick }: { prefix?: string; text: string; label: string; onClick?: () => void }) {
  if (!onClick) return <>{`${prefix}${text}`}</>;
  return (
    <>
      {prefix}
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={onClick}
        aria-label={label}
        sx={{ verticalAlign: 'baseline', textAlign: 'left', minHeight: 24 /* WCAG 2.5.8 target size */ }}
      >
        {text}
      </Link>
    </>
  );
}

/** Decisions that take something away from a member: their chip is red. */
const SEVERE = new Set<AuditEntryView['kind']>(['member.banned', 'content.hidden', 'member.warned']);

/**
 * One compact row of the trail: the kind, when, who decided, on what, the decision and the reason
 * (cut to one line on wide screens; the whole text stays in the row for screen readers and on hover).
 */
export function AuditEntry({ entry, onFilterActor, onFilterSubject, actions }: AuditEntryProps) {
  const { t } = useTranslation('audit');
  const when = formatDisplayDateTime(entry.occurredAt);
  const kind = kindLabel(entry.kind);
  const actor = actorName(entry);
  const subject = subjectText(entry);
  const reason = entry.reason ? t('entry.reason', { reason: entry.reason }) : null;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('entry.label', { kind, when: when ?? entry.occurredAt })}
      sx={{ px: 1.5, py: 0.75, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5 }}>
        <Chip size="small" label={kind} color={SEVERE.has(entry.kind) ? 'error' : 'default'} sx={{ minWidth: 140 }} />
        {when && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            <time dateTime={entry.occurredAt}>{when}</time>
          </Typography>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          <Filterable
            prefix={t('entry.byPrefix')}
            text={actor}
            label={t('entry.showActor', { name: actor })}
            onClick={entry.actor && onFilterActor ? () => onFilterActor(entry) : undefined}
          />
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Filterable text={subject} label={t('entry.showSubject', { subject })} onClick={onFilterSubject ? () => onFilterSubject(entry) : undefined} />
        </Typography>
        {entry.decision && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('entry.decision', { decision: decisionText(entry.decision) })}
          </Typography>
        )}
        {reason && (
          <Typography
            variant="body2"
            color="text.secondary"
            title={reason}
            sx={{
              flex: '1 1 12rem',
              minWidth: 0,
              overflowWrap: 'anywhere',
              whiteSpace: { md: 'nowrap' },
              overflow: { md: 'hidden' },
              textOverflow: { md: 'ellipsis' },
            }}
          >
            {reason}
          </Typography>
        )}
        {actions && <Box sx={{ marginInlineStart: 'auto' }}>{actions}</Box>}
      </Stack>
    </Paper>
  );
}
