import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

interface CountrySearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function CountrySearchField({ value, onChange }: CountrySearchFieldProps) {
  return (
    <TextField
      label="Search countries"
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
