import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { formatAxisTime, formatDisplayDateTime } from '../../../lib/format-date';
import type { TopicTimelineView } from '../api/get-topic-timeline';

/** One colour per opinion (or candidate); its oppose line is the same colour, dashed (told apart without colour too). */
const PALETTE = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#ef6c00'];
const OPPOSE_DASH = '6 4';

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

/** Each line's mark (solid support, dashed oppose: the pattern, not only the colour) and its label; wraps on a phone. */
function TimelineLegend({ lines }: { lines: ReadonlyArray<{ id: string; label: string; color: string; dashed: boolean }> }) {
  const { t } = useTranslation('audit');
  return (
    <Box
      component="ul"
      aria-label={t('chart.legend')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, typography: 'caption' }}
    >
      {lines.map((line) => (
        <Box component="li" key={line.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <svg width="24" height="8" aria-hidden focusable="false" style={{ flexShrink: 0 }}>
            <line x1="0" y1="4" x2="24" y2="4" stroke={line.color} strokeWidth="3" strokeDasharray={line.dashed ? OPPOSE_DASH : undefined} />
          </svg>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {line.label}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** One line for a folded timeline: where the leading opinion (or candidate) stands now. */
export function timelineNowLine(timeline: TopicTimelineView): string {
  const top = timeline.series.at(-1)?.tallies[0];
  if (!top) return i18n.t('audit:chart.none');
  return i18n.t('audit:timeline.collapsed', {
    line: i18n.t('audit:chart.line', { label: excerpt(top.label), support: top.weightedSupport, oppose: top.weightedOppose }),
  });
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
  const lines = ids.flatMap(({ id, label }, index) => {
    const color = PALETTE[index % PALETTE.length]!;
    return (['support', 'oppose'] as const).map((side) => ({
      id: `${id}-${side}`,
      label: t(`chart.${side}`, { label: excerpt(label) }),
      color,
      dashed: side === 'oppose',
      data: timeline.series.map((point) => valueOf(point, id, side === 'support' ? 'weightedSupport' : 'weightedOppose')),
    }));
  });
  // A tally moves in whole votes and holds until the next moment: steps, never a curve overshooting between them.
  const series = lines.map(({ id, label, color, data }) => ({ id, label, color, data, showMark: false, curve: 'stepAfter' as const }));
  const marked = markedIndex === null || markedIndex === undefined ? undefined : at[markedIndex];
  const summary = timelineSummary(timeline);
  return (
    <Box>
      {/* The chart is a picture to screen readers (nothing in it takes focus); the legend and the sentence under it say what it shows. */}
      <Box aria-hidden sx={{ '& path[data-series$="-oppose"]': { strokeDasharray: OPPOSE_DASH } }}>
        {ids.length > 0 && (
          <LineChart
            height={280}
            skipAnimation
            hideLegend
            // Its keyboard navigation is a tab stop inside aria-hidden (axe: aria-hidden-focus); the summary is the text alternative.
            disableKeyboardNavigation
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
            // Whole votes only: no tick between 0 and 1.
            yAxis={[{ min: 0, tickMinStep: 1, label: t('chart.yAxis'), position: rtl ? 'right' : 'left' }]}
            series={series}
          >
            {marked && <ChartsReferenceLine x={marked} lineStyle={{ strokeDasharray: '2 2' }} />}
          </LineChart>
        )}
      </Box>
      {lines.length > 0 && <TimelineLegend lines={lines} />}
      <Typography variant="body2" color="text.secondary" aria-label={t('chart.summaryLabel')}>
        {summary}
      </Typography>
    </Box>
  );
}
