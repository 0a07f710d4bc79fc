import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SearchField } from './search-field';

/** The header's search: a box on wide screens; on a phone an icon button that opens it. */
export function HeaderSearch() {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // On the results page the box shows what was searched (and follows a new search).
  const queryString = useSearch();
  const current = location === '/search' ? (new URLSearchParams(queryString).get('q') ?? '') : '';
  return (
    <>
      {/* jsdom applies no media queries, so tests see both; browsers show one. */}
      <Box sx={{ display: { xs: 'none', md: 'block' }, width: 240 }}>
        <SearchField key={current} initial={current} fullWidth />
      </Box>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <IconButton aria-label={t('box.open')} onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
        <Dialog open={open} onClose={() => setOpen(false)} fullWidth>
          <DialogTitle>{t('box.label')}</DialogTitle>
          <DialogContent sx={{ pt: 1 }}>
            <Box sx={{ pt: 1 }}>
              <SearchField autoFocus fullWidth onSearched={() => setOpen(false)} />
            </Box>
          </DialogContent>
        </Dialog>
      </Box>
    </>
  );
}
