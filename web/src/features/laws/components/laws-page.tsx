import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GavelIcon from '@mui/icons-material/Gavel';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { flipInRtl } from '../../../lib/flip-in-rtl';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { QueryFallback } from '../../../components/query-fallback';
import { useGroup } from '../../../lib/api/get-group';
import { GroupNotFound, parseGroupId } from '../../../components/group-not-found';
import { useLaws } from '../api/get-laws';
import { LawCard } from './law-card';
import { QueryErrorAlert } from '../../../components/query-error';

function NoLaws() {
  const { t } = useTranslation('laws');
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <GavelIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
      <Typography component="h2" variant="h3" sx={{ mt: 1 }}>
        {t('noLaws.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('noLaws.description')}
      </Typography>
    </Paper>
  );
}

function GroupLaws({ groupId }: { groupId: number }) {
  const { t } = useTranslation('laws');
  const group = useGroup(groupId);
  // Group 1 stands for the member's own family group: its laws are under its real id.
  const realId = group.data?.id ?? groupId;
  const laws = useLaws(realId, { enabled: group.isSuccess });

  if (!group.isSuccess) return <QueryFallback query={group} loadingLabel={t('loading')} notFound={<GroupNotFound />} />;
  if (laws.isPending) return <FullPageSpinner label={t('loading')} />;

  return (
    <Stack spacing={3}>
      <div>
        <Button component={RouterLink} href={`/group/${realId}`} startIcon={<ArrowBackIcon aria-hidden sx={flipInRtl} />}>
          {t('backToGroup')}
        </Button>
        <Typography variant="h1" sx={{ mt: 1 }}>
          {t('title', { group: group.data.name })}
        </Typography>
      </div>
      {laws.isError ? (
        <QueryErrorAlert error={laws.error} onRetry={() => void laws.refetch()} />
      ) : laws.data?.length ? (
        <Stack spacing={2}>
          {laws.data.map((law) => (
            <LawCard key={law.id} law={law} />
          ))}
        </Stack>
      ) : (
        <NoLaws />
      )}
    </Stack>
  );
}

/** /laws/<groupId>: the laws a group enacted, newest first. */
export function LawsPage({ groupId }: { groupId: string }) {
  const id = parseGroupId(groupId);
  return id === null ? <GroupNotFound /> : <GroupLaws groupId={id} />;
}
