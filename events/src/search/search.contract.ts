import { z } from 'zod';
import { Department } from '../groups/group.events';
import { charactersNotAllowed, text } from '../text';

/** `GET /api/search?q=` (docs/decisions.md, Search): what it takes, what it answers. */

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** The most hits one section answers. */
export const SEARCH_SECTION_LIMIT = 5;

export const SEARCH_TEXT_FIELD = 'Search text';
export const SEARCH_TEXT_TOO_SHORT = `Please enter at least ${SEARCH_MIN_LENGTH} characters to search`;
export const SEARCH_TEXT_TOO_LONG = `Search text must be at most ${SEARCH_MAX_LENGTH} characters`;
export const SEARCH_TEXT_NOT_ALLOWED = charactersNotAllowed(SEARCH_TEXT_FIELD);

/** `q`: trimmed, 2..100 characters (code points), one line without control characters. */
export const SearchQuery = z.object({
  q: text({ field: SEARCH_TEXT_FIELD, required: SEARCH_TEXT_TOO_SHORT })
    .refine((value) => [...value].length >= SEARCH_MIN_LENGTH, { message: SEARCH_TEXT_TOO_SHORT, abort: true })
    .refine((value) => [...value].length <= SEARCH_MAX_LENGTH, { message: SEARCH_TEXT_TOO_LONG, abort: true }),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A matched word: [start, end) in UTF-16 code units of `text`, as String#slice takes them. */
export const MatchRange = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
export type MatchRange = z.infer<typeof MatchRange>;

/** Plain text and where the query's words are in it: the client marks them, no markup travels. */
export const HighlightedText = z.object({ text: z.string(), matches: z.array(MatchRange) });
export type HighlightedText = z.infer<typeof HighlightedText>;

export const SearchGroupHit = z.object({ id: z.number().int(), department: Department, name: HighlightedText, description: HighlightedText });
export const SearchTopicHit = z.object({ id: z.uuid(), groupId: z.number().int(), groupName: z.string(), title: HighlightedText, excerpt: HighlightedText });
export const SearchOpinionHit = z.object({ id: z.uuid(), topicId: z.uuid(), topicTitle: z.string(), excerpt: HighlightedText });
/** An enacted law: its topic's winning opinion; it opens on the group's laws page. */
export const SearchLawHit = z.object({ topicId: z.uuid(), groupId: z.number().int(), topicTitle: z.string(), excerpt: HighlightedText });
/** A member by name, for delegation: never an erased member, never an address. */
export const SearchMemberHit = z.object({ id: z.uuid(), name: HighlightedText, isVerified: z.boolean() });

export const SearchReply = z.object({
  query: z.string(),
  groups: z.array(SearchGroupHit),
  topics: z.array(SearchTopicHit),
  opinions: z.array(SearchOpinionHit),
  laws: z.array(SearchLawHit),
  members: z.array(SearchMemberHit),
});
export type SearchGroupHit = z.infer<typeof SearchGroupHit>;
export type SearchTopicHit = z.infer<typeof SearchTopicHit>;
export type SearchOpinionHit = z.infer<typeof SearchOpinionHit>;
export type SearchLawHit = z.infer<typeof SearchLawHit>;
export type SearchMemberHit = z.infer<typeof SearchMemberHit>;
export type SearchReply = z.infer<typeof SearchReply>;
