import { useEffect, useId, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Auto } from '../../../components/bidi';
import { numberFormatOf, useLanguage } from '../../../i18n';
import type { TopicView } from '../../../lib/api/get-topic';
import { topicResultQueryKey, type TopicResultView } from '../api/get-topic-result';
import { electionPhase, type ElectionPhase } from './election-phase';

/** What a result's rows and columns are: an election's candidates, or a law's "no change" and opinions. */
export interface ResultOption {
  id: string;
  name: string;
}

/** The result follows another read of the topic (candidates, opinions): a ballot, a live frame or the close refreshes that one, and this with it. */
export function useResultFollows(topicId: string, updatedAt: number) {
  const queryClient = useQueryClient();
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current === updatedAt) return;
    seen.current = updatedAt;
    void queryClient.invalidateQueries({ queryKey: topicResultQueryKey(topicId), exact: true });
  }, [queryClient, topicId, updatedAt]);
}

/** Open (the count so far), counting, or final: the server's status, and the clock past the end while it says active. */
export function resultPhase(result: Pick<TopicResultView, 'status'>, topic: TopicView, now: Date): ElectionPhase {
  if (result.status === 'closed') return 'decided';
  if (result.status === 'counting') return 'counting';
  return electionPhase({ ...topic, status: 'active' }, now);
}

/** A table that may be wider than a phone scrolls on its own; focusable, so the keyboard scrolls it too. */
export function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <Box role="group" aria-labelledby={captionId} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      {/* The caption above its table, where it is read first (MUI's own puts it below). */}
      <Table size="small" sx={{ '& caption': { captionSide: 'top', textAlign: 'start', px: 0, pt: 0 }, '& tbody th': { fontWeight: 600 } }}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </Table>
    </Box>
  );
}

/**
 * A Schulze matrix as a real table: rows and columns are the options in the result's order; cell
 * (row, column) is the row's number against the column. Where the row's number beats the reverse
 * one it is bold, which the caption says.
 */
export function MatrixTable({ caption, options, matrix }: { caption: string; options: readonly ResultOption[]; matrix: readonly (readonly number[])[] }) {
  const { t } = useTranslation('elections');
  const format = numberFormatOf(useLanguage());
  return (
    <ScrollingTable caption={caption}>
      <TableHead>
        <TableRow>
          <TableCell component="td" />
          {options.map((option) => (
            <TableCell key={option.id} component="th" scope="col">
              <Auto>{option.name}</Auto>
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {options.map((row, i) => (
          <TableRow key={row.id}>
            <TableCell component="th" scope="row">
              <Auto>{row.name}</Auto>
            </TableCell>
            {options.map((column, j) => {
              if (i === j)
                return (
                  <TableCell key={column.id} align="center" aria-label={t('result.self')}>
                    —
                  </TableCell>
                );
              const value = matrix[i]?.[j] ?? 0;
              const beats = value > (matrix[j]?.[i] ?? 0);
              return (
                <TableCell key={column.id} align="center" sx={beats ? { fontWeight: 700 } : undefined}>
                  {format.format(value)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
