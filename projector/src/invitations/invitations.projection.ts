import type { GroupMemberLeft, InvitationAccepted, InvitationCreated } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type InvitationEvent = ProjectedEvent & (InvitationCreated | InvitationAccepted | GroupMemberLeft);
const INVITATION_EVENTS = new Set(['InvitationCreated', 'InvitationAccepted', 'GroupMemberLeft']);

/** Invitations as owners list them; cutting or firing the member one made marks it cut (the memberships are the groups projection's). */
export const invitationsProjection: Projection = {
  name: 'invitations',
  version: 2,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'invitations')} (
        id uuid primary key,
        kind text not null,
        group_id integer not null,
        invited_by uuid not null,
        email text,
        token_sealed text not null,
        status text not null,
        accepted_by uuid,
        accepted_at timestamptz,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'invitations')} (group_id, created_at desc)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const invitations = sql.id(schema, 'invitations');
    const vault = new PersonalDataVault(db);
    for (const event of events.filter((candidate): candidate is InvitationEvent => INVITATION_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      switch (event.type) {
        case 'InvitationCreated': {
          const { data } = event;
          changes.add('invitations', data.groupId);
          await sql`
            insert into ${invitations} (id, kind, group_id, invited_by, email, token_sealed, status, expires_at, created_at, updated_at)
            values (${data.invitationId}, ${data.kind}, ${data.groupId}, ${data.invitedBy}, ${await vault.open(data.invitationId, data.emailSealed)}, ${data.tokenSealed}, 'pending', ${data.expiresAt}, ${at}, ${at})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'InvitationAccepted':
          changes.add('invitations', event.data.groupId);
          await sql`update ${invitations} set status = 'accepted', accepted_by = ${event.data.acceptedBy}, accepted_at = ${at}, updated_at = ${at} where id = ${event.data.invitationId}`.execute(db);
          break;
        case 'GroupMemberLeft':
          changes.add('invitations', event.data.groupId);
          await sql`
            update ${invitations} set status = 'cut', updated_at = ${at}
            where group_id = ${event.data.groupId} and accepted_by = ${event.data.userId} and status = 'accepted'`.execute(db);
          break;
      }
    }
  },
};
