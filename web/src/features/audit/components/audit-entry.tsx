import type { ReactNode } from 'react';
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

/** One line of the trail: when, what, who decided, on what, the decision and the reason. */
export function AuditEntry({ entry, onFilterActor, onFilterSubject, actions }: AuditEntryProps) {
  const { t } = useTranslation('audit');
  const when = formatDisplayDateTime(entry.occurredAt);
  const kind = kindLabel(entry.kind);
  const actor = actorName(entry);
  const subject = subjectText(entry);
  return (
    <Paper component="li" variant="outlined" aria-label={t('entry.label', { kind, when: when ?? entry.occurredAt })} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Chip size="small" label={kind} color={entry.kind === 'member.banned' ? 'error' : 'default'} />
        {when && (
          <Typography variant="body2" color="text.secondary">
            <time dateTime={entry.occurredAt}>{when}</time>
          </Typography>
        )}
      </Stack>
      <Typography variant="body2">
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
      {entry.decision && <Typography variant="body2">{t('entry.decision', { decision: decisionText(entry.decision) })}</Typography>}
      {entry.reason && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('entry.reason', { reason: entry.reason })}
        </Typography>
      )}
      {actions && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {actions}
        </Stack>
      )}
    </Paper>
  );
}
