import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAdminSuggestions, type AdminSuggestionItem } from '../api/admin-feedback';
import { AdminItemCard, AdminListStates, StatusChip } from './admin-list-parts';
import { PRIORITY_LABELS, SUGGESTION_CATEGORY_LABELS } from './feedback-labels';
import { ReviewSuggestionDialog } from './review-suggestion-dialog';

interface AdminSuggestionsTabProps {
  /** What the panel adds to each item (its History button). */
  renderItemActions?: (item: { id: string }) => ReactNode;
}

/** The admin panel's suggestions tab (section 2): every suggestion, newest first, each with a Review button. */
export function AdminSuggestionsTab({ renderItemActions }: AdminSuggestionsTabProps) {
  const { t } = useTranslation('moderation');
  const suggestions = useAdminSuggestions();
  const [reviewing, setReviewing] = useState<AdminSuggestionItem | null>(null);
  return (
    <>
      <AdminListStates query={suggestions} what="suggestions" empty={{ title: t('suggestions.emptyTitle'), text: t('suggestions.empty') }}>
        {(items) => (
          <Stack component="ul" aria-label={t('suggestions.label')} spacing={2} sx={{ m: 0, p: 0 }}>
            {items.map((suggestion) => (
              <AdminItemCard
                key={suggestion.id}
                label={t('suggestions.itemLabel', { category: SUGGESTION_CATEGORY_LABELS[suggestion.type] })}
                chips={
                  <>
                    <Chip size="small" variant="outlined" label={SUGGESTION_CATEGORY_LABELS[suggestion.type]} />
                    <StatusChip status={suggestion.status} />
                    <Chip size="small" variant="outlined" label={t('suggestions.priority', { priority: PRIORITY_LABELS[suggestion.priority] })} />
                  </>
                }
                content={suggestion.content}
                details={
                  suggestion.implementationNotes && (
                    <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                      <strong>{t('suggestions.implementationNotes')}</strong> {suggestion.implementationNotes}
                    </Typography>
                  )
                }
                createdAt={suggestion.createdAt}
                reviewedAt={suggestion.reviewedAt}
                notes={suggestion.adminNotes}
                actions={
                  <>
                    <Button variant="contained" size="small" onClick={() => setReviewing(suggestion)}>
                      {t('common.review')}
                    </Button>
                    {renderItemActions?.(suggestion)}
                  </>
                }
              />
            ))}
          </Stack>
        )}
      </AdminListStates>
      <ReviewSuggestionDialog suggestion={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
