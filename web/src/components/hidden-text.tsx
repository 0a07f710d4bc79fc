import Typography from '@mui/material/Typography';
import type { HiddenNotice } from '@civitas/events/moderation/hidden-content.contract';

interface HiddenTextProps {
  /** The member's words; blank when the server hid them from this reader. */
  content: string;
  hidden: HiddenNotice | null | undefined;
  /** What the reader is told in the text's place, and what an admin (who still gets the text) is told above it. */
  notices: { hidden: string; hiddenForAdmins: string };
  /** Space under the text (the card's own rhythm). */
  mb?: number;
}

/**
 * A member's text an admin may have hidden (docs/decisions.md, Moderation actions): members get
 * the reason and no text (the server sends none); admins read both, the text dimmed.
 */
export function HiddenText({ content, hidden, notices, mb = 0 }: HiddenTextProps) {
  return (
    <>
      {hidden && (
        <Typography role="note" color="text.secondary" sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: content ? 0.5 : mb }}>
          {content ? notices.hiddenForAdmins : notices.hidden}
        </Typography>
      )}
      {/* As written: an English text in the Arabic interface keeps its own direction. */}
      {(!hidden || content) && (
        <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb, opacity: hidden ? 0.6 : 1 }}>
          {content}
        </Typography>
      )}
    </>
  );
}
