import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { personName } from '@civitas/events/person-name';
import { useTopicParticipants, type TopicParticipant } from '../api/get-topic-participants';
import { insertMention, mentionAt, mentionedIds } from './mentions';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing pauses before the list is asked for. */
export const MENTION_DEBOUNCE_MS = 200;

/**
 * The composer's @-completion (docs/decisions.md, Mentions), as the ARIA combobox pattern has it:
 * the text field keeps the focus and names the active option (aria-activedescendant); ArrowUp and
 * ArrowDown move, Enter or Tab picks, Escape closes. Picking writes `@First Last ` and remembers
 * whom it names; what is sent mentions those still named in the text.
 */
export function useMentionCompletion(topicId: string, draft: string, setDraft: (text: string) => void) {
  const listboxId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const picked = useRef(new Map<string, string>());
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(0);
  /** The `@` whose list the member closed with Escape: it stays closed while they go on typing that word. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const typed = mentionAt(draft, caret);
  const wanted = typed && typed.start !== dismissedAt ? typed : null;
  const query = useDebouncedValue(wanted?.query ?? null, MENTION_DEBOUNCE_MS);
  const participants = useTopicParticipants(topicId, wanted ? query : null);
  const options = wanted ? (participants.data ?? []) : [];
  const open = options.length > 0;
  // The first option is active again whenever the list is for other letters.
  const [active, setActive] = useState({ query, index: 0 });
  const index = active.query === query ? Math.min(active.index, options.length - 1) : 0;
  const optionId = (at: number) => `${listboxId}-option-${at}`;

  // After a pick, the caret goes behind the name written (the new text is in the field by now).
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(at, at);
  }, [draft]);

  const pick = (participant: TopicParticipant) => {
    if (!wanted) return;
    const name = personName(participant);
    const written = insertMention(draft, wanted, name);
    if (!written) return;
    picked.current.set(participant.id, name);
    pendingCaret.current = written.caret;
    setCaret(written.caret);
    setDraft(written.text);
    inputRef.current?.focus();
  };

  /** Where the caret is now (after typing, clicking or moving it); a new `@word` may open its list again. */
  const followCaret = (field: HTMLTextAreaElement) => {
    const at = field.selectionStart;
    setCaret(at);
    if (dismissedAt !== null && mentionAt(field.value, at)?.start !== dismissedAt) setDismissedAt(null);
  };

  /** The list's keys; true when the key was the list's (the composer then leaves it alone). */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive({ query, index: (index + by + options.length) % options.length });
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) return false;
        pick(options[index]!);
        break;
      case 'Escape':
        // Closes the list, not the dialog around it.
        event.stopPropagation();
        setDismissedAt(wanted!.start);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    inputRef,
    onKeyDown,
    followCaret,
    /** The ids the message mentions: those picked whose `@First Last` is still in it. */
    mentionsIn: (text: string) => mentionedIds(text, picked.current),
    /** The text field's side of the pattern (a textbox: a textarea takes no combobox role). */
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listboxId : undefined,
      'aria-activedescendant': open ? optionId(index) : undefined,
    },
    list: { id: listboxId, options, activeIndex: index, optionId, onPick: pick },
  };
}
