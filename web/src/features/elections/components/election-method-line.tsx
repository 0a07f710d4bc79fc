import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RuleIcon from '@mui/icons-material/Rule';
import { useTranslation } from 'react-i18next';
import type { ElectionMethod } from '../../../lib/election-methods';
import { ELECTION_METHOD_KEYS } from '../../../components/election-method-choice';

/** How the election is counted, under where it stands (issue #34 item 1): fixed when it opened. */
export function ElectionMethodLine({ method }: { method: ElectionMethod }) {
  const { t } = useTranslation('elections');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <RuleIcon fontSize="small" aria-hidden />
      <Typography variant="body2">{t(ELECTION_METHOD_KEYS[method].shown)}</Typography>
    </Stack>
  );
}
