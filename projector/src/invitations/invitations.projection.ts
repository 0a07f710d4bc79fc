import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql } from 'kysely';
import { defineProjection, eventTime } from '../projection';
import { invitationsTable } from './invitations.table';

/** Invitations as owners list them; cutting or firing the member one made marks it cut (the memberships are the groups projection's). */
export const invitationsProjection = defineProjection({
  name: 'invitations',
  // 3: an erased member's address leaves the invitations sent to it.
  version: 3,
  tables: [invitationsTable],
  handles: ['InvitationCreated', 'InvitationAccepted', 'GroupMemberLeft', 'AccountErased'],

  async apply(db, schema, events, changes) {
    const invitations = db.withSchema(schema);
    const vault = new PersonalDataVault(db);
    for (const event of events) {
      const at = eventTime(event);
      switch (event.type) {
        case 'InvitationCreated': {
          const { data } = event;
          changes.add('invitations', data.groupId);
          await invitations
            .insertInto('invitations')
            .values({
              id: data.invitationId,
              kind: data.kind,
              group_id: data.groupId,
              invited_by: data.invitedBy,
              email: await vault.open(data.invitationId, data.emailSealed),
              token_sealed: data.tokenSealed,
              status: 'pending',
              expires_at: data.expiresAt,
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'InvitationAccepted':
          changes.add('invitations', event.data.groupId);
          await invitations
            .updateTable('invitations')
            .set({ status: 'accepted', accepted_by: event.data.acceptedBy, accepted_at: at, updated_at: at })
            .where('id', '=', event.data.invitationId)
            .execute();
          break;
        case 'GroupMemberLeft':
          changes.add('invitations', event.data.groupId);
          await invitations
            .updateTable('invitations')
            .set({ status: 'cut', updated_at: at })
            .where('group_id', '=', event.data.groupId)
            .where('accepted_by', '=', event.data.userId)
            .where('status', '=', 'accepted')
            .execute();
          break;
        case 'AccountErased': {
          // Erasure shredded the keys of the invitations sent to the member's address before this event:
          // their address goes now, as a rebuild (which cannot open it) leaves it. updated_at stays, as a rebuild has it.
          const cleared = await sql<{ group_id: number }>`
            update ${sql.id(schema, 'invitations')} i set email = null
            where i.email is not null and not exists (select 1 from subject_keys k where k.subject_id = i.id::text)
            returning i.group_id`.execute(db);
          for (const { group_id } of cleared.rows) changes.add('invitations', group_id);
          break;
        }
      }
    }
  },
});
