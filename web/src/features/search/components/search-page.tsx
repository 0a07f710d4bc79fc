import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch as useQueryString } from 'wouter';
import { Auto } from '../../../components/bidi';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { QueryErrorAlert } from '../../../components/query-error';
import { SectionCard } from '../../../components/section-card';
import { isSearchable, searchText, useSearch, type SearchReply } from '../api/search';
import { Highlighted } from './highlighted';

/** One hit: its main line (a link where it opens somewhere) and a detail line under it. */
function Hit({ href, main, detail }: { href?: string; main: ReactNode; detail?: ReactNode }) {
  return (
    <Stack component="li" spacing={0.25} sx={{ py: 1, minWidth: 0 }}>
      <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
        {href ? (
          <Link component={RouterLink} href={href}>
            {main}
          </Link>
        ) : (
          main
        )}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <SectionCard title={title} titleGap={1}>
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} divider={<hr style={{ border: 0, borderTop: '1px solid rgba(0,0,0,0.12)', margin: 0 }} />}>
        {children}
      </Stack>
    </SectionCard>
  );
}

function OnTopic({ title }: { title: string }) {
  const { t } = useTranslation('search');
  return <Trans t={t} i18nKey="onTopic" components={{ name: <Auto>{title}</Auto> }} />;
}

function Results({ reply }: { reply: SearchReply }) {
  const { t } = useTranslation('search');
  const total = reply.groups.length + reply.topics.length + reply.opinions.length + reply.laws.length + reply.members.length;
  if (total === 0)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h3">
          {t('empty.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('empty.description')}
        </Typography>
      </Paper>
    );
  return (
    <Stack spacing={2}>
      <Section title={t('sections.groups')}>
        {reply.groups.map((hit) => (
          <Hit
            key={hit.id}
            href={`/group/${hit.id}`}
            main={<Highlighted value={hit.name} />}
            detail={hit.description.text && <Highlighted value={hit.description} />}
          />
        ))}
      </Section>
      <Section title={t('sections.topics')}>
        {reply.topics.map((hit) => (
          <Hit
            key={hit.id}
            href={`/topic/${hit.id}`}
            main={<Highlighted value={hit.title} />}
            detail={
              <>
                <Trans t={t} i18nKey="inGroup" components={{ name: <Auto>{hit.groupName}</Auto> }} />
                {hit.excerpt.text && (
                  <>
                    {' · '}
                    <Highlighted value={hit.excerpt} />
                  </>
                )}
              </>
            }
          />
        ))}
      </Section>
      <Section title={t('sections.opinions')}>
        {reply.opinions.map((hit) => (
          <Hit key={hit.id} href={`/topic/${hit.topicId}`} main={<Highlighted value={hit.excerpt} />} detail={<OnTopic title={hit.topicTitle} />} />
        ))}
      </Section>
      <Section title={t('sections.laws')}>
        {reply.laws.map((hit) => (
          <Hit key={hit.topicId} href={`/laws/${hit.groupId}`} main={<Highlighted value={hit.excerpt} />} detail={<OnTopic title={hit.topicTitle} />} />
        ))}
      </Section>
      <Section title={t('sections.members')}>
        {reply.members.map((hit) => (
          <Hit
            key={hit.id}
            main={
              <>
                <Highlighted value={hit.name} />
                {hit.isVerified && <Chip size="small" color="success" variant="outlined" label={t('verified')} sx={{ ms: 1 }} />}
              </>
            }
            detail={t('memberHint')}
          />
        ))}
      </Section>
    </Stack>
  );
}

/** /search?q=: what the header box found, in sections, the matched words marked. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const q = searchText(new URLSearchParams(useQueryString()).get('q') ?? '');
  const search = useSearch(q);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{q ? t('title', { query: q }) : t('titleEmpty')}</Typography>
      {!isSearchable(q) ? (
        <Typography color="text.secondary">{t('box.tooShort')}</Typography>
      ) : search.isError ? (
        <QueryErrorAlert error={search.error} onRetry={() => void search.refetch()} />
      ) : search.data ? (
        <Results reply={search.data} />
      ) : (
        <FullPageSpinner label={t('loading')} />
      )}
    </Stack>
  );
}
