import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { formatAxisTime, formatDisplayDateTime } from '../../../lib/format-date';
import type { TopicTimelineView } from '../api/get-topic-timeline';

/** One colour per opinion (or candidate); its oppose line is the same colour, dashed. */
const PALETTE = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#ef6c00'];

const excerpt = (label: string) => (label.length > 40 ? `${label.slice(0, 39)}…` : label);

/** What each line ends at, in words: the chart's text alternative. */
export function timelineSummary(timeline: TopicTimelineView): string {
  const last = timeline.series.at(-1);
  if (!last || last.tallies.length === 0) return i18n.t('audit:chart.none');
  const from = formatDisplayDateTime(timeline.from);
  const to = formatDisplayDateTime(timeline.to);
  const lines = last.tallies.map((tally) =>
    i18n.t('audit:chart.line', { label: excerpt(tally.label), support: tally.weightedSupport, oppose: tally.weightedOppose }),
  );
  return i18n.t('audit:chart.summary', { from, to, count: timeline.series.length, lines: lines.join(i18n.t('audit:chart.lineSeparator')) });
}

interface TallyTimelineChartProps {
  timeline: TopicTimelineView;
  /** The moment the page shows (an index into the series), marked on the chart. */
  markedIndex?: number | null;
}

/** Weighted support (solid) and oppose (dashed) over the topic's life for its top opinions or candidates. */
export function TallyTimelineChart({ timeline, markedIndex }: TallyTimelineChartProps) {
  const { t } = useTranslation('audit');
  // Right to left, time runs leftwards as the slider under the chart does (its start on the right).
  const rtl = useTheme().direction === 'rtl';
  const ids = timeline.series.at(-1)?.tallies.map((tally) => ({ id: tally.id, label: tally.label })) ?? [];
  const at = timeline.series.map((point) => new Date(point.at));
  const span = at.length > 1 ? at.at(-1)!.getTime() - at[0]!.getTime() : 0;
  const valueOf = (point: TopicTimelineView['series'][number], id: string, side: 'weightedSupport' | 'weightedOppose') =>
    point.tallies.find((tally) => tally.id === id)?.[side] ?? 0;
  const series = ids.flatMap(({ id, label }, index) => {
    const color = PALETTE[index % PALETTE.length]!;
    return [
      {
        id: `${id}-support`,
        label: t('chart.support', { label: excerpt(label) }),
        color,
        showMark: false,
        data: timeline.series.map((point) => valueOf(point, id, 'weightedSupport')),
      },
      {
        id: `${id}-oppose`,
        label: t('chart.oppose', { label: excerpt(label) }),
        color,
        showMark: false,
        data: timeline.series.map((point) => valueOf(point, id, 'weightedOppose')),
      },
    ];
  });
  const marked = markedIndex === null || markedIndex === undefined ? undefined : at[markedIndex];
  const summary = timelineSummary(timeline);
  return (
    <Box>
      {/* The chart is a picture to screen readers; the sentence under it says what it shows. */}
      <Box aria-hidden sx={{ '& path[data-series$="-oppose"]': { strokeDasharray: '6 4' } }}>
        {ids.length > 0 && (
          <LineChart
            height={280}
            skipAnimation
            xAxis={[
              {
                data: at,
                scaleType: 'time',
                reverse: rtl,
                // Ticks as fine as the topic's life needs; the tooltip names the full moment.
                valueFormatter: (value: Date, context) =>
                  context.location === 'tick' ? formatAxisTime(value, span) : (formatDisplayDateTime(value.toISOString()) ?? ''),
              },
            ]}
            yAxis={[{ min: 0, label: t('chart.yAxis'), position: rtl ? 'right' : 'left' }]}
            series={series}
          >
            {marked && <ChartsReferenceLine x={marked} lineStyle={{ strokeDasharray: '2 2' }} />}
          </LineChart>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" aria-label={t('chart.summaryLabel')}>
        {summary}
      </Typography>
    </Box>
  );
}
