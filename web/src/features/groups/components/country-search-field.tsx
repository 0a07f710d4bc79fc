import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

interface CountrySearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function CountrySearchField({ value, onChange }: CountrySearchFieldProps) {
  const { t } = useTranslation('groups');
  return (
    <TextField
      label={t('catalogue.searchCountries')}
      type="search"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
