import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { SectionCard } from '../../../components/section-card';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useTopicTimeline, type TopicTimelineView } from '../api/get-topic-timeline';
import { TallyTimelineChart, timelineNowLine } from './tally-timeline-chart';

/** A moment of the timeline the page can show its tallies at. */
export interface TimelineMoment {
  position: string;
  at: string;
}

interface TimeSliderProps {
  timeline: TopicTimelineView;
  /** The moment shown, or null for now. */
  moment: TimelineMoment | null;
  onMomentChange: (moment: TimelineMoment | null) => void;
}

const asOfText = (at: string) => i18n.t('audit:timeline.asOf', { date: formatDisplayDateTime(at) ?? at });

/** A slider over the timeline's moments; its last stop is now (the live tallies). */
function TimeSlider({ timeline, moment, onMomentChange }: TimeSliderProps) {
  const { t } = useTranslation('audit');
  const last = timeline.series.length - 1;
  const indexOf = (shown: TimelineMoment | null) => {
    const found = shown ? timeline.series.findIndex((point) => point.position === shown.position) : -1;
    return found === -1 ? last : found;
  };
  // Dragging moves the thumb; the tallies are read again only where it is let go. The card keys
  // this slider by the moment shown, so 'Back to now' puts the thumb back.
  const [value, setValue] = useState(indexOf(moment));
  const label = (index: number) => (index >= last ? t('timeline.now') : asOfText(timeline.series[index]!.at));
  return (
    <Stack spacing={0.5}>
      <Slider
        aria-label={t('timeline.slider')}
        min={0}
        max={last}
        step={1}
        value={value}
        getAriaValueText={label}
        valueLabelFormat={label}
        valueLabelDisplay="auto"
        onChange={(_, next) => setValue(next as number)}
        onChangeCommitted={(_, next) => {
          const index = next as number;
          onMomentChange(index >= last ? null : { position: timeline.series[index]!.position, at: timeline.series[index]!.at });
        }}
      />
      <Typography variant="body2" color="text.secondary" aria-hidden>
        {label(value)}
      </Typography>
    </Stack>
  );
}

interface TopicTimelineCardProps {
  topicId: string;
  /** With these, the card has a time slider that moves the page's tallies. */
  moment?: TimelineMoment | null;
  onMomentChange?: (moment: TimelineMoment | null) => void;
  /** Folded to one line with 'Show timeline' (a member's topic page: the discussion comes first); auditors keep it open. */
  startCollapsed?: boolean;
}

/** 'Timeline': the chart of the topic's top tallies over its life (GET /api/audit/topics/<id>/timeline), and a time slider. */
export function TopicTimelineCard({ topicId, moment = null, onMomentChange, startCollapsed = false }: TopicTimelineCardProps) {
  const { t } = useTranslation('audit');
  const timeline = useTopicTimeline(topicId);
  const [expanded, setExpanded] = useState(!startCollapsed);
  const bodyId = useId();
  let body;
  if (timeline.isPending)
    body = (
      <Typography role="status" color="text.secondary">
        {t('timeline.loading')}
      </Typography>
    );
  else if (timeline.isError) body = <Alert severity="error">{t('timeline.loadFailed', { message: timeline.error.message })}</Alert>;
  else if (!expanded)
    body = (
      <Typography variant="body2" color="text.secondary" noWrap>
        {timelineNowLine(timeline.data)}
      </Typography>
    );
  else {
    const markedIndex = moment ? timeline.data.series.findIndex((point) => point.position === moment.position) : null;
    body = (
      <Stack spacing={2}>
        <TallyTimelineChart timeline={timeline.data} markedIndex={markedIndex} />
        {onMomentChange && timeline.data.series.length > 1 && (
          <TimeSlider key={moment?.position ?? 'now'} timeline={timeline.data} moment={moment} onMomentChange={onMomentChange} />
        )}
      </Stack>
    );
  }
  return (
    <SectionCard title={t('timeline.title')}>
      <div id={bodyId}>{body}</div>
      {startCollapsed && (
        <Button size="small" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((open) => !open)} sx={{ mt: 1 }}>
          {expanded ? t('timeline.hide') : t('timeline.show')}
        </Button>
      )}
    </SectionCard>
  );
}
