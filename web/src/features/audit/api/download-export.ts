import { useQuery } from '@tanstack/react-query';
import { LOG_KEY_PATH, LogKeyView } from '@civitas/events/audit/merkle.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export const topicExportUrl = (topicId: string) => `/api/audit/topics/${encodeURIComponent(topicId)}/export`;
export const topicExportFileName = (topicId: string) => `civitas-topic-${topicId}.ndjson`;

/**
 * GET the topic's audit export (NDJSON) and hand it to the browser as a download. Fetched rather than
 * linked so a refusal (503 while the log's checkpoint catches up) shows its message instead of
 * saving it as the file.
 */
export async function downloadTopicExport(topicId: string): Promise<void> {
  const response = await apiRequest('GET', topicExportUrl(topicId));
  saveAsDownload(await response.blob(), topicExportFileName(topicId));
}

/** Hands content to the browser as a download named `fileName`. */
export function saveAsDownload(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the object URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The log's public key, which the verifier is given with --key. */
export function useLogKey() {
  return useQuery({
    queryKey: ['audit', 'log-key'],
    queryFn: async ({ signal }) => parseResponse(await apiRequest('GET', LOG_KEY_PATH, undefined, { signal }), LogKeyView, `GET ${LOG_KEY_PATH}`),
    staleTime: Infinity,
  });
}
