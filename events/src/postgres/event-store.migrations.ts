import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { ELIGIBILITY_EVENT_TYPES } from '../event-store';

/** Conflicts raised inside the append function carry this SQLSTATE. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'CV409';
/** An UPDATE, DELETE or TRUNCATE of `events` is refused with this SQLSTATE: history is append-only. */
export const APPEND_ONLY_SQLSTATE = 'CV405';

/**
 * Expected-version codes passed to civitas_append_events: -1 any, -2 no_stream, -3 exists,
 * n >= 0 the exact version. One function call is one round trip and one transaction.
 */
const appendFunction = sql`
create or replace function civitas_append_events(
  p_stream_id text, p_expected bigint, p_event_ids uuid[], p_types text[], p_data text[], p_metadata text[]
) returns table (next_version bigint, last_transaction_id xid8, last_global_position bigint)
language plpgsql as $fn$
declare
  v_count int := cardinality(p_event_ids);
  v_current bigint;
  v_found int;
  v_first bigint;
  v_in_order boolean;
begin
  select s.version into v_current from streams s where s.stream_id = p_stream_id for update;
  if not found then
    insert into streams (stream_id, version) values (p_stream_id, 0) on conflict (stream_id) do nothing;
    select s.version into v_current from streams s where s.stream_id = p_stream_id for update;
  end if;

  -- Idempotent retry: the same ids already stored, in the same order, where they were expected.
  if v_current > 0 then
    select count(*), min(e.stream_position) into v_found, v_first
      from events e where e.stream_id = p_stream_id and e.event_id = any(p_event_ids);
    if v_found > 0 then
      select bool_and(e.stream_position = v_first + x.ord - 1) into v_in_order
        from unnest(p_event_ids) with ordinality as x(id, ord)
        join events e on e.stream_id = p_stream_id and e.event_id = x.id;
      if v_found = v_count and v_in_order
         and (p_expected < 0 and p_expected <> -2 or (p_expected = -2 and v_first = 1) or p_expected = v_first - 1) then
        return query
          select v_first + v_count - 1, e.transaction_id, e.global_position
          from events e where e.stream_id = p_stream_id and e.stream_position = v_first + v_count - 1;
        return;
      end if;
      raise exception 'events % of % already appended to %', v_found, v_count, p_stream_id
        using errcode = 'CV409', detail = v_current::text;
    end if;
  end if;

  if (p_expected = -2 and v_current <> 0)
     or (p_expected = -3 and v_current = 0)
     or (p_expected >= 0 and v_current <> p_expected) then
    raise exception 'wrong expected version for %', p_stream_id using errcode = 'CV409', detail = v_current::text;
  end if;

  update streams set version = v_current + v_count where stream_id = p_stream_id;
  insert into events (stream_id, stream_position, event_id, type, data, metadata)
    select p_stream_id, v_current + x.ord, x.id, x.t, x.d::jsonb, x.m::jsonb
    from unnest(p_event_ids, p_types, p_data, p_metadata) with ordinality as x(id, t, d, m, ord);
  return query select v_current + v_count, pg_current_xact_id(), currval('events_global_position_seq');
end
$fn$`;

/**
 * The event store's tables as the migrations below leave them, for Kysely (the store itself runs
 * raw SQL over its own pool). int8 columns read as strings (service-kit database.ts), jsonb parsed.
 */
export interface EventStoreTables {
  streams: { stream_id: string; version: string };
  events: {
    global_position: Generated<string>;
    transaction_id: Generated<string>;
    stream_id: string;
    stream_position: string;
    event_id: string;
    type: string;
    data: unknown;
    metadata: unknown;
    recorded_at: Generated<Date>;
  };
}

// A migration builds the schema with raw SQL: it types no table (Kysely<unknown>), as the tables it
// creates may differ from today's.
export const eventStoreMigrations: Record<string, Migration> = {
  '2026_11_22_001_event_store': {
    async up(db: Kysely<unknown>) {
      await sql`create table streams (stream_id text primary key, version bigint not null)`.execute(db);
      await sql`
        create table events (
          global_position bigint generated always as identity,
          transaction_id xid8 not null default pg_current_xact_id(),
          stream_id text not null,
          stream_position bigint not null,
          event_id uuid not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          recorded_at timestamptz not null default now(),
          primary key (transaction_id, global_position),
          unique (stream_id, stream_position),
          unique (stream_id, event_id)
        )`.execute(db);
      await appendFunction.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop function civitas_append_events`.execute(db);
      await sql`drop table events`.execute(db);
      await sql`drop table streams`.execute(db);
    },
  },
  '2026_11_25_001_events_by_topic': {
    async up(db: Kysely<unknown>) {
      // readTopicEvents: closing a topic reads its opinions and votes from here, not from a read model.
      // Partial: only events that name a topic are indexed.
      await sql`create index events_by_topic on events ((data->>'topicId')) where (data->>'topicId') is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index events_by_topic`.execute(db);
    },
  },
  '2026_11_26_001_events_by_group_delegation': {
    async up(db: Kysely<unknown>) {
      // readDelegationEvents: closing a topic rebuilds its group's delegation graph from the events.
      await sql`create index events_delegation_by_group on events ((data->>'groupId')) where type in ('DelegationAssigned', 'DelegationRevoked')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index events_delegation_by_group`.execute(db);
    },
  },
  '2026_12_14_001_events_append_only': {
    async up(db: Kysely<unknown>) {
      // The audit trail is the events: no one, the application included, may rewrite or erase one
      // (erasure shreds the member's key instead). Row triggers refuse UPDATE and DELETE, a statement
      // trigger TRUNCATE (which fires no row triggers). Only the table's owner can drop the triggers.
      await sql`
        create function civitas_events_append_only() returns trigger language plpgsql as $fn$
        begin
          raise exception 'events are append-only: % refused', tg_op using errcode = 'CV405',
            hint = 'History is never rewritten; append a correcting event instead.';
        end
        $fn$`.execute(db);
      await sql`create trigger events_append_only before update or delete on events for each row execute function civitas_events_append_only()`.execute(db);
      await sql`create trigger events_no_truncate before truncate on events for each statement execute function civitas_events_append_only()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop trigger events_no_truncate on events`.execute(db);
      await sql`drop trigger events_append_only on events`.execute(db);
      await sql`drop function civitas_events_append_only`.execute(db);
    },
  },
  '2026_12_15_001_events_by_eligibility_type': {
    async up(db: Kysely<unknown>) {
      // readEligibilityEvents: closing a topic of an open group counts who could take part from the events.
      // The query names the same list; changing ELIGIBILITY_EVENT_TYPES needs a new migration.
      await sql`create index events_by_eligibility_type on events (type) where type in (${sql.raw(ELIGIBILITY_EVENT_TYPES.map((type) => `'${type}'`).join(', '))})`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index events_by_eligibility_type`.execute(db);
    },
  },
};
