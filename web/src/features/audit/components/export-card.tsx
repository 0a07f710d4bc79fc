import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { downloadTopicExport, topicExportFileName, useLogKey } from '../api/download-export';

function Command({ children }: { children: string }) {
  return (
    <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: '0.85rem' }}>
      <code>{children}</code>
    </Box>
  );
}

/** 'Verify it yourself': the topic's export and how to check it with the standalone verifier, away from the platform. */
export function ExportCard({ topicId }: { topicId: string }) {
  const download = useMutation({ mutationFn: () => downloadTopicExport(topicId) });
  const logKey = useLogKey();
  const key = logKey.data?.publicKey ?? '<public key>';
  const file = topicExportFileName(topicId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`export-${topicId}`} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h3" id={`export-${topicId}`}>Verify it yourself</Typography>
        <Typography color="text.secondary">
          The export holds every event that bears on this topic, members shown by pseudonyms, each with its proof of
          inclusion in the signed log, and the result the platform publishes.
        </Typography>
        <Box>
          <Button variant="contained" startIcon={<DownloadIcon aria-hidden />} onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? 'Preparing export...' : 'Download export'}
          </Button>
        </Box>
        {download.isError && <Alert severity="warning">{download.error.message}</Alert>}
        <Typography>
          Then, in a checkout of Civitas after <code>npm install</code>, run the verifier with the log&rsquo;s public key
          (from <code>/.well-known/civitas-log-key</code>):
        </Typography>
        <Command>{`npx civitas-verify ${file} --key ${key}`}</Command>
        <Typography>
          Or build it as one file that needs nothing but Node, and run it anywhere:
        </Typography>
        <Command>{`npm run build -w civitas-verify\nnode verifier/dist/civitas-verify.mjs ${file} --key ${key}`}</Command>
        <Typography color="text.secondary">
          It checks the checkpoint&rsquo;s signature and every proof, recounts the tally, prints it beside the published
          result, and exits with status 0 only when everything matches.
        </Typography>
      </Stack>
    </Paper>
  );
}
