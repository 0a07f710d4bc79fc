import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ELECTION_METHODS, LAW_METHODS, type ElectionMethod, type LawMethod } from '../lib/election-methods';

/** Each method's texts in the 'elections' namespace: its name, the one line that explains it, and how the election page names it. */
export const ELECTION_METHOD_KEYS = {
  plurality: { label: 'methods.plurality.label', hint: 'methods.plurality.hint', shown: 'methods.plurality.shown' },
  schulze: { label: 'methods.schulze.label', hint: 'methods.schulze.hint', shown: 'methods.schulze.shown' },
  approval: { label: 'methods.approval.label', hint: 'methods.approval.hint', shown: 'methods.approval.shown' },
} as const satisfies Record<ElectionMethod, { label: string; hint: string; shown: string }>;

/** The same for a law amendment or dispute resolution (issue #34 item 2): support and oppose each opinion, or rank them. */
export const LAW_METHOD_KEYS = {
  supportOppose: { label: 'methods.law.supportOppose.label', hint: 'methods.law.supportOppose.hint' },
  schulze: { label: 'methods.law.schulze.label', hint: 'methods.law.schulze.hint' },
} as const satisfies Record<LawMethod, { label: string; hint: string }>;

type MethodTextKey =
  | (typeof ELECTION_METHOD_KEYS)[ElectionMethod][keyof (typeof ELECTION_METHOD_KEYS)[ElectionMethod]]
  | (typeof LAW_METHOD_KEYS)[LawMethod][keyof (typeof LAW_METHOD_KEYS)[LawMethod]];

interface MethodRadiosProps<Method extends string> {
  legend: string;
  methods: readonly Method[];
  keys: Record<Method, { label: MethodTextKey; hint: MethodTextKey }>;
  value: Method;
  onChange: (method: Method) => void;
  disabled: boolean;
}

/** Radios named by method, each one's line of explanation its description. */
function MethodRadios<Method extends string>({ legend, methods, keys, value, onChange, disabled }: MethodRadiosProps<Method>) {
  const { t } = useTranslation('elections');
  const id = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup name={`${id}-method`} value={value} onChange={(event) => onChange(event.target.value as Method)}>
        {methods.map((method) => (
          <Box key={method} sx={{ mb: 0.5 }}>
            <FormControlLabel
              value={method}
              control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${method}` } }} />}
              label={t(keys[method].label)}
            />
            {/* Under its label, past the radio (42px): the line reads with the option it explains. */}
            <Typography id={`${id}-${method}`} variant="body2" color="text.secondary" sx={{ ps: 4, mt: -0.75 }}>
              {t(keys[method].hint)}
            </Typography>
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}

interface MethodChoiceProps<Method> {
  value: Method;
  onChange: (method: Method) => void;
  disabled?: boolean;
}

/**
 * How an election is counted, chosen when it opens (issue #34 item 1): the create-topic form's and
 * the leadership card's. Each radio is named by the method, its line of explanation its description.
 */
export function ElectionMethodChoice({ value, onChange, disabled = false }: MethodChoiceProps<ElectionMethod>) {
  const { t } = useTranslation('elections');
  return (
    <MethodRadios legend={t('methods.legend')} methods={ELECTION_METHODS} keys={ELECTION_METHOD_KEYS} value={value} onChange={onChange} disabled={disabled} />
  );
}

/**
 * How a law amendment or dispute resolution is decided, chosen when it opens (issue #34 item 2):
 * support and oppose on each opinion (the default; the topic is sent with no method) or ranked
 * against no change by the Schulze method (sent as 'schulze').
 */
export function LawMethodChoice({ value, onChange, disabled = false }: MethodChoiceProps<LawMethod>) {
  const { t } = useTranslation('elections');
  return <MethodRadios legend={t('methods.law.legend')} methods={LAW_METHODS} keys={LAW_METHOD_KEYS} value={value} onChange={onChange} disabled={disabled} />;
}
