import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** docs/product.md, Constants: a topic card shows the first 200 characters of the description. */
const TOPIC_CARD_DESCRIPTION_LENGTH = 200;

/** The description, cut at 200 characters with Show more / Show less. */
export function TopicDescription({ text }: { text: string }) {
  const { t } = useTranslation('topics');
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const long = text.length > TOPIC_CARD_DESCRIPTION_LENGTH;
  const shown = long && !expanded ? `${text.slice(0, TOPIC_CARD_DESCRIPTION_LENGTH).trimEnd()}...` : text;
  return (
    <>
      {/* What a member wrote keeps its own direction (an English text in the Arabic interface). */}
      <Typography id={textId} dir="auto" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {shown}
      </Typography>
      {long && (
        <Button size="small" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded} aria-controls={textId} sx={{ px: 0, minWidth: 0 }}>
          {expanded ? t('description.showLess') : t('description.showMore')}
        </Button>
      )}
    </>
  );
}
