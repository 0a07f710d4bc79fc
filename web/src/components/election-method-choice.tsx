import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ELECTION_METHODS, type ElectionMethod } from '../lib/election-methods';

/** Each method's texts in the 'elections' namespace: its name, the one line that explains it, and how the election page names it. */
export const ELECTION_METHOD_KEYS = {
  plurality: { label: 'methods.plurality.label', hint: 'methods.plurality.hint', shown: 'methods.plurality.shown' },
  schulze: { label: 'methods.schulze.label', hint: 'methods.schulze.hint', shown: 'methods.schulze.shown' },
  approval: { label: 'methods.approval.label', hint: 'methods.approval.hint', shown: 'methods.approval.shown' },
} as const satisfies Record<ElectionMethod, { label: string; hint: string; shown: string }>;

interface ElectionMethodChoiceProps {
  value: ElectionMethod;
  onChange: (method: ElectionMethod) => void;
  disabled?: boolean;
}

/**
 * How an election is counted, chosen when it opens (issue #34 item 1): the create-topic form's and
 * the leadership card's. Each radio is named by the method, its line of explanation its description.
 */
export function ElectionMethodChoice({ value, onChange, disabled = false }: ElectionMethodChoiceProps) {
  const { t } = useTranslation('elections');
  const id = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{t('methods.legend')}</FormLabel>
      <RadioGroup name={`${id}-method`} value={value} onChange={(event) => onChange(event.target.value as ElectionMethod)}>
        {ELECTION_METHODS.map((method) => (
          <Box key={method} sx={{ mb: 0.5 }}>
            <FormControlLabel
              value={method}
              control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${method}` } }} />}
              label={t(ELECTION_METHOD_KEYS[method].label)}
            />
            {/* Under its label, past the radio (42px): the line reads with the option it explains. */}
            <Typography id={`${id}-${method}`} variant="body2" color="text.secondary" sx={{ ps: 4, mt: -0.75 }}>
              {t(ELECTION_METHOD_KEYS[method].hint)}
            </Typography>
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}
