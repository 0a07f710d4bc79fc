import { CHAT_MENTIONS_MAX, CHAT_MESSAGE_MAX_LENGTH, PARTICIPANT_QUERY_MAX_LENGTH } from '@civitas/events/chat/chat.contract';

// The chat's @-mentions in the composer's text (docs/decisions.md, Mentions): pure, so the composer's rules are tested alone.

/** Letters (any script, with their marks), digits and what names hold between them (O'Neil, Al-Amin). */
const NAME_CHARACTER = /[\p{L}\p{M}\p{N}'’-]/u;
const TYPED_MENTION = /(?:^|\s)@([\p{L}\p{M}\p{N}'’-]*)$/u;
/** What would make `@name` the start of a longer name ('@Omar Farouk's' still names him). */
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

export interface MentionInProgress {
  /** Where its `@` is. */
  start: number;
  /** Where the word ends (the caret may be inside it). */
  end: number;
  /** What follows the `@`, as the completion list is asked for it. */
  query: string;
}

/** The `@word` the caret is in, when the `@` starts a word; null otherwise (an e-mail address, a caret elsewhere). */
export function mentionAt(text: string, caret: number): MentionInProgress | null {
  const match = TYPED_MENTION.exec(text.slice(0, caret));
  if (!match) return null;
  let end = caret;
  while (end < text.length && NAME_CHARACTER.test(text[end]!)) end += 1;
  const query = text.slice(caret - match[1]!.length, end);
  // Longer than any name: no participant to find.
  if ([...query].length > PARTICIPANT_QUERY_MAX_LENGTH) return null;
  return { start: caret - match[1]!.length - 1, end, query };
}

/** `@First Last ` in place of the `@word`, and where the caret goes after it; null when it would not fit in a message. */
export function insertMention(text: string, mention: MentionInProgress, name: string): { text: string; caret: number } | null {
  const after = text.slice(mention.end);
  const inserted = `@${name}${/^\s/.test(after) ? '' : ' '}`;
  const next = text.slice(0, mention.start) + inserted + after;
  if (next.length > CHAT_MESSAGE_MAX_LENGTH) return null;
  return { text: next, caret: mention.start + inserted.length + (/^\s/.test(after) ? 1 : 0) };
}

/** Whether `@name` stands in the text as a whole name (not the start of a longer one). */
function names(text: string, name: string): boolean {
  const written = `@${name}`;
  for (let at = text.indexOf(written); at !== -1; at = text.indexOf(written, at + 1)) {
    const next = text[at + written.length];
    if (next === undefined || !WORD_CHARACTER.test(next)) return true;
  }
  return false;
}

/** The ids of the picked members whose `@First Last` is still in the text, at most as many as a message may mention. */
export function mentionedIds(text: string, picked: ReadonlyMap<string, string>): string[] {
  return [...picked]
    .filter(([, name]) => names(text, name))
    .map(([id]) => id)
    .slice(0, CHAT_MENTIONS_MAX);
}
