import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { Trans, useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../../components/query-error';
import { downloadTopicExport, topicExportFileName, useLogKey } from '../api/download-export';

/** A shell command: left to right in any language, and reachable by keyboard when it scrolls (axe, scrollable-region-focusable). */
function Command({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      dir="ltr"
      tabIndex={0}
      sx={{
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflowX: 'auto',
        fontSize: '0.85rem',
      }}
    >
      <code>{children}</code>
    </Box>
  );
}

/** 'Verify it yourself': the topic's export and how to check it with the standalone verifier, away from the platform. */
export function ExportCard({ topicId }: { topicId: string }) {
  const { t } = useTranslation('audit');
  const download = useMutation({ mutationFn: () => downloadTopicExport(topicId) });
  const logKey = useLogKey();
  const key = logKey.data?.publicKey ?? t('export.publicKey');
  const file = topicExportFileName(topicId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`export-${topicId}`} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h3" id={`export-${topicId}`}>
          {t('export.title')}
        </Typography>
        <Typography color="text.secondary">{t('export.lead')}</Typography>
        <Box>
          <Button variant="contained" startIcon={<DownloadIcon aria-hidden />} onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? t('export.preparing') : t('export.download')}
          </Button>
        </Box>
        {download.isError && <QueryErrorAlert error={download.error} onRetry={() => download.mutate()} />}
        <Typography>
          <Trans t={t} i18nKey="export.then" components={{ code: <code /> }} />
        </Typography>
        <Command>{`npx civitas-verify ${file} --key ${key}`}</Command>
        <Typography>{t('export.orBuild')}</Typography>
        <Command>{`npm run build -w civitas-verify\nnode verifier/dist/civitas-verify.mjs ${file} --key ${key}`}</Command>
        <Typography color="text.secondary">{t('export.checks')}</Typography>
      </Stack>
    </Paper>
  );
}
