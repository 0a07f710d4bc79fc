import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { BallotForm, useBallotSubmit } from './ballot-form';
import { addToRanking, canMoveDown, canMoveUp, moveDown, moveUp, placeOf, removeFromRanking, sameRanking, tieWithAbove, untie, type Ranking } from './ranking';

type Action = 'up' | 'down' | 'tie' | 'untie' | 'remove' | 'add';

/**
 * After an action the focus stays with its option: the same button, else the next that makes sense
 * there. Adding one goes on to the next option not ranked (ranking several is adding them in turn).
 */
const FOCUS_AFTER: Record<Action, Action[]> = {
  up: ['up', 'down', 'remove'],
  down: ['down', 'up', 'remove'],
  tie: ['untie', 'up', 'remove'],
  untie: ['tie', 'up', 'remove'],
  remove: ['add'],
  add: ['down', 'up', 'remove'],
};

/** One thing to rank: an election's candidate, or an opinion or "no change" of a law decided among its opinions. */
export interface RankingOption {
  id: string;
  /** Its name on every row, button and announcement (a candidate's name, an opinion's short label). */
  name: string;
  /** Its whole text, when the name is only its first words: shown folded under the name. */
  fullText?: string;
}

/** What is ranked, for the texts that name it: candidates, or the options of a law decided among its opinions. */
export type RankingSubject = 'candidates' | 'opinions';

const SUBJECT_KEYS = {
  candidates: { instructions: 'ranking.instructions', none: 'ranking.none', castDescription: 'ranking.castDescription' },
  opinions: { instructions: 'ranking.opinions.instructions', none: 'ranking.opinions.none', castDescription: 'ranking.opinions.castDescription' },
} as const satisfies Record<RankingSubject, Record<'instructions' | 'none' | 'castDescription', string>>;

interface RankingBallotProps {
  topicId: string;
  /** The options, in the order the list of those not ranked shows them. */
  options: readonly RankingOption[];
  /** The member's ballot as the server has it (empty when none). */
  standing: Ranking;
  disabled: boolean;
  subject?: RankingSubject;
}

/** An option's whole text, folded: a native disclosure, so keyboard and screen readers open it as they open any. */
function FullText({ text }: { text: string }) {
  const { t } = useTranslation('elections');
  return (
    <Box component="details" sx={{ '& > summary': { cursor: 'pointer', color: 'primary.main', width: 'fit-content' } }}>
      <Typography component="summary" variant="body2">
        {t('ranking.fullText')}
      </Typography>
      <Typography dir="auto" variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/**
 * The ranked ballot (issue #34 items 1, 2 and 6): the member's ranking, most preferred first, and the
 * options not ranked (an election's candidates, or a law's opinions and "no change"). Every change
 * is a button named with its option, so it works by keyboard, screen reader and touch alike (no
 * dragging); each change is announced. Up and down are rank order, so they mean the same in Arabic.
 * Cast sends `{ ranking }`, tiers as shown.
 */
export function RankingBallot({ topicId, options, standing, disabled, subject = 'candidates' }: RankingBallotProps) {
  const { t } = useTranslation('elections');
  const keys = SUBJECT_KEYS[subject];
  const [draft, setDraft] = useState<Ranking | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<{ id: string; actions: Action[] } | null>(null);
  const submit = useBallotSubmit(topicId);
  const ranking = draft ?? standing;
  const byId = new Map(options.map((option) => [option.id, option]));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const unranked = options.filter((option) => !placeOf(ranking, option.id));
  const changed = !sameRanking(ranking, standing);

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    for (const action of next.actions) {
      const button = listRef.current?.querySelector<HTMLButtonElement>(`button[data-option="${next.id}"][data-action="${action}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  });

  /** What the live region says once `next` is the ranking. */
  const describe = (next: Ranking, id: string, action: Action): string => {
    const name = nameOf(id);
    const place = placeOf(next, id);
    if (!place) return t('ranking.announce.removed', { name });
    const rank = place.tier + 1;
    const tied = next[place.tier]!.filter((other) => other !== id).map(nameOf);
    if (tied.length > 0) return t('ranking.announce.tied', { name, rank, others: tied.join(t('ranking.listSeparator')) });
    return t(action === 'add' ? 'ranking.announce.added' : 'ranking.announce.moved', { name, rank, total: next.length });
  };

  const apply = (id: string, action: Action, change: (ranking: Ranking, id: string) => Ranking) => {
    const next = change(ranking, id);
    setDraft(next);
    submit.reset();
    const unrankedIds = unranked.map((option) => option.id);
    const at = unrankedIds.indexOf(id);
    const nextToAdd = action === 'add' ? (unrankedIds[at + 1] ?? unrankedIds[at - 1]) : undefined;
    focusNext.current = nextToAdd ? { id: nextToAdd, actions: ['add'] } : { id, actions: FOCUS_AFTER[action] };
    setAnnouncement(describe(next, id, action));
  };

  const cast = (event: FormEvent) => {
    event.preventDefault();
    const body = { ranking: ranking.map((tier) => [...tier]) };
    // The rows stay as the member put them: the server's tiers are the same ballot (order within a tie means nothing).
    submit.cast(body, { description: t(keys.castDescription, { count: body.ranking.flat().length }) });
  };

  const actionButton = (id: string, action: Action, label: string, icon: ReactNode, enabled: boolean, change: (r: Ranking, id: string) => Ranking) => (
    <Button
      size="small"
      variant="outlined"
      startIcon={icon}
      data-option={id}
      data-action={action}
      aria-label={t(`ranking.actions.${action}Named`, { name: nameOf(id) })}
      disabled={disabled || !enabled}
      onClick={() => apply(id, action, change)}
    >
      {label}
    </Button>
  );

  return (
    <BallotForm label={t('ranking.title')} onSubmit={cast} submit={submit} disabled={disabled} changed={changed}>
      <Box ref={listRef}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(keys.instructions)}
        </Typography>
        <Typography component="h4" variant="subtitle2">
          {t('ranking.ranked')}
        </Typography>
        {ranking.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {t(keys.none)}
          </Typography>
        ) : (
          <Box component="ol" aria-label={t('ranking.ranked')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {ranking.flatMap((tier, tierIndex) =>
              tier.map((id, index) => {
                const name = nameOf(id);
                const fullText = byId.get(id)?.fullText;
                const tiedAbove = index > 0;
                return (
                  <Stack
                    key={id}
                    component="li"
                    aria-label={t(tiedAbove ? 'ranking.rowTied' : 'ranking.row', { name, rank: tierIndex + 1 })}
                    spacing={1}
                    sx={{ py: 1, borderTop: tierIndex === 0 && index === 0 ? 0 : tiedAbove ? 0 : 1, borderColor: 'divider' }}
                  >
                    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Chip
                        size="small"
                        color="primary"
                        variant={tiedAbove ? 'outlined' : 'filled'}
                        label={t('ranking.rank', { rank: tierIndex + 1 })}
                        aria-hidden
                      />
                      <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flexGrow: 1, minWidth: 0 }}>
                        {name}
                      </Typography>
                      {tiedAbove && (
                        <Typography variant="body2" color="text.secondary">
                          {t('ranking.tiedWithAbove')}
                        </Typography>
                      )}
                    </Stack>
                    {fullText && <FullText text={fullText} />}
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {actionButton(id, 'up', t('ranking.actions.up'), <ArrowUpwardIcon aria-hidden />, canMoveUp(ranking, id), moveUp)}
                      {actionButton(id, 'down', t('ranking.actions.down'), <ArrowDownwardIcon aria-hidden />, canMoveDown(ranking, id), moveDown)}
                      {tiedAbove
                        ? actionButton(id, 'untie', t('ranking.actions.untie'), <LinkOffIcon aria-hidden />, true, untie)
                        : tierIndex > 0 && actionButton(id, 'tie', t('ranking.actions.tie'), <LinkIcon aria-hidden />, true, tieWithAbove)}
                      {actionButton(id, 'remove', t('ranking.actions.remove'), <RemoveCircleOutlineIcon aria-hidden />, true, removeFromRanking)}
                    </Stack>
                  </Stack>
                );
              }),
            )}
          </Box>
        )}
        {unranked.length > 0 && (
          <>
            <Typography component="h4" variant="subtitle2" sx={{ mt: 2 }}>
              {t('ranking.unranked')}
            </Typography>
            <Box component="ul" aria-label={t('ranking.unranked')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {unranked.map((option) => (
                <Stack key={option.id} component="li" spacing={0.5} sx={{ py: 1 }}>
                  <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography dir="auto" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {option.name}
                    </Typography>
                    {actionButton(option.id, 'add', t('ranking.actions.add'), <AddCircleOutlineIcon aria-hidden />, true, addToRanking)}
                  </Stack>
                  {option.fullText && <FullText text={option.fullText} />}
                </Stack>
              ))}
            </Box>
          </>
        )}
        {/* Every change is said here; polite, so it waits for what the reader is reading. */}
        <Typography variant="body2" color="text.secondary" aria-live="polite" aria-atomic="true" sx={{ mt: 1, minHeight: '1.5em' }}>
          {announcement}
        </Typography>
      </Box>
    </BallotForm>
  );
}
