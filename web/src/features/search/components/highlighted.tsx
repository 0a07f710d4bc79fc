import Box from '@mui/material/Box';
import { Auto } from '../../../components/bidi';
import type { HighlightedText } from '../api/search';

/**
 * Member-written text with the query's words marked: the server sends plain text and ranges, so
 * nothing here is parsed as markup. Isolated (Auto): an English title keeps its order in Arabic.
 */
export function Highlighted({ value }: { value: HighlightedText }) {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start, end] of value.matches) {
    if (start < at || end > value.text.length) continue;
    if (start > at) parts.push({ text: value.text.slice(at, start), marked: false });
    parts.push({ text: value.text.slice(start, end), marked: true });
    at = end;
  }
  if (at < value.text.length) parts.push({ text: value.text.slice(at), marked: false });
  return (
    <Auto>
      {parts.map((part, index) =>
        part.marked ? (
          <Box component="mark" key={index} sx={{ bgcolor: '#fff3b0', color: 'text.primary', fontWeight: 700, borderRadius: 0.5 }}>
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </Auto>
  );
}
