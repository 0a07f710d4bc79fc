import type { TFunction } from 'i18next';
import { personName } from '@civitas/events/person-name';
import type { PersonSummary } from '@civitas/events/topics/topic.contract';
import type { RankingOption } from './ranking-ballot';

/** An opinion as the ballot and the result name it: from the opinions read, or the result's own copy. */
export interface OpinionForOption {
  id: string;
  content: string;
  author: PersonSummary;
  /** Set when an admin hid it: `content` is blank then, but to admins. */
  hidden?: unknown;
}

/** An opinion's first words are its name: enough to tell them apart on a button, a row or a column. */
const SHORT_WORDS = 6;
const SHORT_CHARACTERS = 48;

/** The first words of a text (null when blank), with an ellipsis when there is more. */
export function firstWords(content: string): string | null {
  const text = content.trim().replace(/\s+/gu, ' ');
  if (text === '') return null;
  let short = text.split(' ').slice(0, SHORT_WORDS).join(' ');
  const letters = Array.from(short);
  if (letters.length > SHORT_CHARACTERS) short = letters.slice(0, SHORT_CHARACTERS).join('').trimEnd();
  return short.length < text.length ? `${short}…` : short;
}

/**
 * A law's options as ballot and result show them (issue #34 item 2): "No change" first (its id is the
 * topic's), then each opinion in posting order, named by its first words and its author, its whole
 * text with it when the name is only the start of it. Two options that would share a name get their
 * place in the list after it, so no two buttons or columns are named alike.
 */
export function opinionOptions(t: TFunction<'elections'>, topicId: string, opinions: readonly OpinionForOption[]): RankingOption[] {
  const named = opinions.map((opinion) => {
    const author = personName(opinion.author);
    const words = firstWords(opinion.content);
    const name = words === null ? t('opinions.hiddenLabel', { author }) : t('opinions.label', { words, author });
    const whole = opinion.content.trim();
    // The whole text when the name shows less of it (its first words, or its lines run together).
    return { id: opinion.id, name, fullText: words !== null && words !== whole ? whole : undefined };
  });
  const uses = new Map<string, number>();
  for (const option of named) uses.set(option.name, (uses.get(option.name) ?? 0) + 1);
  const options: RankingOption[] = named.map((option, index) =>
    (uses.get(option.name) ?? 0) > 1 ? { ...option, name: t('opinions.numbered', { label: option.name, number: index + 1 }) } : option,
  );
  return [{ id: topicId, name: t('opinions.noChange') }, ...options];
}

/** Posting order, earliest first: the result's and the tally's order of the options. */
export function inPostingOrder<T extends { createdAt: string }>(opinions: readonly T[]): T[] {
  return [...opinions].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
