import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SEARCH_MAX_LENGTH, isSearchable, searchPath, searchText } from '../api/search';

interface SearchFieldProps {
  initial?: string;
  autoFocus?: boolean;
  /** After a search is sent (the phone's dialog closes). */
  onSearched?: () => void;
  fullWidth?: boolean;
}

/** One search box (a form of role search): Enter opens the results page for its text. */
export function SearchField({ initial = '', autoFocus, onSearched, fullWidth }: SearchFieldProps) {
  const { t } = useTranslation('search');
  const [, navigate] = useLocation();
  const [value, setValue] = useState(initial);
  const [tooShort, setTooShort] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSearchable(searchText(value))) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    navigate(searchPath(value));
    onSearched?.();
  };
  return (
    <form role="search" aria-label={t('box.label')} onSubmit={submit} style={fullWidth ? { width: '100%' } : undefined}>
      <TextField
        size="small"
        type="search"
        value={value}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('box.placeholder')}
        error={tooShort}
        helperText={tooShort ? t('box.tooShort') : undefined}
        slotProps={{
          htmlInput: { 'aria-label': t('box.label'), maxLength: SEARCH_MAX_LENGTH, dir: 'auto', enterKeyHint: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
