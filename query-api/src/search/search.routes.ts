import { PERSONAL_DEPARTMENTS, SEARCH_SECTION_LIMIT, SearchQuery, SearchReply, shownGroupName, type Department } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { containsPattern, foldedSql } from '@civitas/service-kit/name-folding';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { sql, type RawBuilder } from 'kysely';
import { shownFirstName } from '../lib/person-names';
import { viewerOf, type ParticipantProfile, type QueryContext } from '../lib/viewer';
import { excerpt, highlighted, prefixQuery, searchTerms } from './search-text';

/** What the search reads: its own documents, and what decides who may see them. */
const SEARCH_READ_MODELS: ProjectionName[] = ['search', 'groups', 'users', 'user_verifications', 'moderation'];

/**
 * The matches a section ranks at most: a common word in a million opinions must not rank them all
 * (docs/decisions.md, Search). The GIN index finds them; ranking these is cheap.
 */
export const SEARCH_CANDIDATES = 1000;

/** Groups the viewer may see: the catalogue, and the personal groups they belong to. */
function visibleGroup(viewer: ParticipantProfile | null): RawBuilder<boolean> {
  const personal = viewer ? [...viewer.memberships.keys()] : [];
  return personal.length
    ? sql<boolean>`(g.department not in (${sql.join(PERSONAL_DEPARTMENTS)}) or g.id in (${sql.join(personal)}))`
    : sql<boolean>`g.department not in (${sql.join(PERSONAL_DEPARTMENTS)})`;
}

export function searchRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels, auth } = context;

  app.get(
    '/api/search',
    {
      // Visitors search the catalogue; topics, opinions, laws and members are for members (as on screen).
      config: { access: 'public', readModels: SEARCH_READ_MODELS },
      schema: {
        tags: ['search'],
        summary: 'Search groups, topics, opinions, laws and members by name; only what the caller may see',
        querystring: SearchQuery,
        response: { 200: SearchReply },
      },
    },
    async (request) => {
      const { q } = request.query;
      const viewer = await viewerOf(request, auth, readModels);
      const terms = searchTerms(q);
      const empty = { query: q, groups: [], topics: [], opinions: [], laws: [], members: [] };
      const members = viewer ? await searchMembers(context, viewer, q, terms) : [];
      if (terms.length === 0) return { ...empty, members };
      const tsquery = sql`to_tsquery('simple', ${prefixQuery(terms)})`;
      const visible = visibleGroup(viewer);
      const [groups, topics, opinions] = await Promise.all([
        searchGroups(context, tsquery, visible),
        viewer ? searchTopics(context, tsquery, visible) : [],
        viewer ? searchOpinions(context, tsquery, visible) : [],
      ]);
      const opinionHit = (row: OpinionRow) => ({ topicId: row.topic_id, topicTitle: row.topic_title, excerpt: excerpt(row.body, terms) });
      return {
        query: q,
        groups: groups.map((row) => ({
          id: row.id,
          department: row.department,
          name: highlighted(shownGroupName(row), terms),
          description: excerpt(row.description, terms),
        })),
        topics: topics.map((row) => ({
          id: row.id,
          groupId: row.group_id,
          groupName: shownGroupName(row),
          title: highlighted(row.title, terms),
          excerpt: excerpt(row.body, terms),
        })),
        opinions: opinions
          .filter((row) => !row.is_law)
          .slice(0, SEARCH_SECTION_LIMIT)
          .map((row) => ({ id: row.id, ...opinionHit(row) })),
        laws: opinions
          .filter((row) => row.is_law)
          .slice(0, SEARCH_SECTION_LIMIT)
          .map((row) => ({ groupId: row.group_id, ...opinionHit(row) })),
        members,
      };
    },
  );
}

/** A read model by name (raw SQL names its schema). */
const table = (name: string) => sql.table(`${READ_SCHEMA}.${name}`);
const documents = () => table('search_documents');
const ranked = sql`ts_rank_cd(d.document, q.query)`;

async function searchGroups({ readModels }: QueryContext, tsquery: RawBuilder<unknown>, visible: RawBuilder<boolean>) {
  const result = await sql<{ id: number; name: string; description: string; department: Department; owner_first_name: string | null }>`
    select g.id, g.name, g.description, g.department, ${shownFirstName('owner', 'owner_first_name')}
    from ${documents()} d cross join ${tsquery} as q(query)
    join ${table('groups')} g on g.id = d.group_id
    left join ${table('users')} owner on owner.id = g.owner_id
    where d.kind = 'group' and d.document @@ q.query and ${visible}
    order by ${ranked} desc, g.id
    limit ${SEARCH_SECTION_LIMIT}`.execute(readModels);
  return result.rows;
}

async function searchTopics({ readModels }: QueryContext, tsquery: RawBuilder<unknown>, visible: RawBuilder<boolean>) {
  const result = await sql<{
    id: string;
    group_id: number;
    title: string;
    body: string;
    name: string;
    department: Department;
    owner_first_name: string | null;
  }>`
    with matched as (
      select d.id, d.group_id, d.title, d.body, g.name, g.department, g.owner_id, ${ranked} as rank
      from ${documents()} d cross join ${tsquery} as q(query)
      join ${table('groups')} g on g.id = d.group_id
      where d.kind = 'topic' and d.document @@ q.query and ${visible}
      limit ${SEARCH_CANDIDATES}
    )
    select m.id, m.group_id, m.title, m.body, m.name, m.department, ${shownFirstName('owner', 'owner_first_name')}
    from matched m left join ${table('users')} owner on owner.id = m.owner_id
    order by m.rank desc, m.id
    limit ${SEARCH_SECTION_LIMIT}`.execute(readModels);
  return result.rows;
}

interface OpinionRow {
  id: string;
  topic_id: string;
  group_id: number;
  body: string;
  is_law: boolean;
  topic_title: string;
}

/** Opinions and laws together (a law is an enacted opinion): never one an admin hid, whoever asks. */
async function searchOpinions({ readModels }: QueryContext, tsquery: RawBuilder<unknown>, visible: RawBuilder<boolean>) {
  const result = await sql<OpinionRow>`
    with matched as (
      select d.id, d.topic_id, d.group_id, d.body, d.is_law, ${ranked} as rank
      from ${documents()} d cross join ${tsquery} as q(query)
      join ${table('groups')} g on g.id = d.group_id
      where d.kind = 'opinion' and d.document @@ q.query and ${visible}
        and not exists (select 1 from ${table('hidden_content')} h where h.target_type = 'opinion' and h.target_id = d.id::uuid)
      limit ${SEARCH_CANDIDATES}
    ),
    best as (
      (select * from matched where not is_law order by rank desc, id limit ${SEARCH_SECTION_LIMIT})
      union all
      (select * from matched where is_law order by rank desc, id limit ${SEARCH_SECTION_LIMIT})
    )
    select b.id, b.topic_id, b.group_id, b.body, b.is_law, t.title as topic_title
    from best b join ${documents()} t on t.kind = 'topic' and t.id = b.topic_id::text
    order by b.rank desc, b.id`.execute(readModels);
  return result.rows;
}

/** Members by name, as the delegate search finds them (folded, anywhere in the name), nearest first; never an erased member. */
async function searchMembers({ readModels }: QueryContext, viewer: ParticipantProfile, q: string, terms: readonly string[]) {
  const folded = foldedSql(sql.val(q));
  const result = await sql<{ user_id: string; name: string; is_verified: boolean }>`
    select m.user_id, m.name,
      exists (select 1 from ${table('user_verifications')} v where v.user_id = m.user_id and v.status = 'approved') as is_verified
    from ${table('search_members')} m join ${table('users')} u on u.id = m.user_id
    where (m.folded_name like ${foldedSql(sql.val(containsPattern(q)))} or m.folded_name % ${folded})
      and u.erased_at is null and u.email is not null and m.user_id <> ${viewer.userId}
    order by similarity(m.folded_name, ${folded}) desc, m.folded_name, m.user_id
    limit ${SEARCH_SECTION_LIMIT}`.execute(readModels);
  return result.rows.map((row) => ({ id: row.user_id, name: highlighted(row.name, terms), isVerified: row.is_verified }));
}
