import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { TopicParticipant } from '../api/get-topic-participants';
import { Auto } from '../../../components/bidi';

export interface MentionListProps {
  id: string;
  options: TopicParticipant[];
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (participant: TopicParticipant) => void;
}

/** Read by screen readers only: how many members the list offers, said as it opens or changes. */
const SCREEN_READER_ONLY = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The participants the `@word` matches: a listbox the text field drives (it keeps the focus); a click picks too. */
export function MentionList({ id, options, activeIndex, optionId, onPick }: MentionListProps) {
  const { t } = useTranslation('chat');
  const listRef = useRef<HTMLUListElement>(null);
  // The active option stays in view as the arrows move through a list taller than its box.
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, options]);

  return (
    <>
      <Box role="status" sx={SCREEN_READER_ONLY}>
        {options.length > 0 ? t('mentionResults', { count: options.length }) : ''}
      </Box>
      {options.length > 0 && (
        <Paper
          variant="outlined"
          component="ul"
          ref={listRef}
          id={id}
          role="listbox"
          aria-label={t('mentionList')}
          sx={{ m: 0, p: 0.5, listStyle: 'none', maxHeight: 220, overflowY: 'auto' }}
        >
          {options.map((participant, index) => (
            <Box
              component="li"
              key={participant.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // The text field keeps the focus (and the caret) while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(participant)}
              sx={{
                px: 1.5,
                py: 0.75,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: index === activeIndex ? 'action.selected' : undefined,
                '&:hover': { bgcolor: index === activeIndex ? 'action.selected' : 'action.hover' },
              }}
            >
              <Auto>{personName(participant)}</Auto>
            </Box>
          ))}
        </Paper>
      )}
    </>
  );
}
