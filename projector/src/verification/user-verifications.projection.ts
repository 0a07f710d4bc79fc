import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { defineProjection, eventTime } from '../projection';
import { userVerificationsTable } from './user-verifications.table';

export const userVerificationsProjection = defineProjection({
  name: 'user_verifications',
  // 2: leader confirmations (confirmed_by, confirmed_at) and removals; 3: erasure clears the national ids.
  version: 3,
  tables: [userVerificationsTable],
  handles: ['VerificationSubmitted', 'VerificationApproved', 'VerificationRejected', 'VerificationConfirmedByLeader', 'VerificationRemoved', 'AccountErased'],

  async apply(db, schema, events, changes) {
    const verifications = db.withSchema(schema);
    // The projector reads the subject keys in its own batch transaction: erased keys give null.
    const vault = new PersonalDataVault(db);
    for (const event of events) {
      const at = eventTime(event);
      changes.add('user_verifications', event.data.userId);
      switch (event.type) {
        case 'VerificationSubmitted': {
          const { data } = event;
          const nationalId = await vault.open(data.userId, data.nationalIdSealed);
          await verifications
            .insertInto('user_verifications')
            .values({
              id: data.verificationId,
              user_id: data.userId,
              country: data.country,
              country_key: data.countryKey,
              national_id: nationalId,
              document_image_url: data.documentImageUrl,
              verification_type: data.verificationType,
              status: 'pending',
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'VerificationApproved':
          await verifications
            .updateTable('user_verifications')
            .set({
              status: 'approved',
              is_verified: true,
              verified_at: at,
              reviewed_by: event.data.reviewedBy,
              reviewed_at: event.data.reviewedBy ? at : null,
              rejection_reason: null,
              updated_at: at,
            })
            .where('id', '=', event.data.verificationId)
            .execute();
          break;
        case 'VerificationRejected':
          await verifications
            .updateTable('user_verifications')
            .set({
              status: 'rejected',
              is_verified: false,
              reviewed_by: event.data.reviewedBy,
              reviewed_at: at,
              rejection_reason: event.data.reason,
              updated_at: at,
            })
            .where('id', '=', event.data.verificationId)
            .execute();
          break;
        case 'VerificationConfirmedByLeader':
          await verifications
            .updateTable('user_verifications')
            .set({ confirmed_by_leader: true, confirmed_by: event.data.leaderId, confirmed_at: at, updated_at: at })
            .where('id', '=', event.data.verificationId)
            .execute();
          break;
        case 'VerificationRemoved':
          // Removed claims open nothing and list nowhere; their history stays in the events (the audit trail).
          await verifications.deleteFrom('user_verifications').where('id', '=', event.data.verificationId).execute();
          break;
        case 'AccountErased':
          // The member's key is shredded: their national ids open to nothing, as a rebuild finds them. The claims
          // stay (their eligibility weighed in tallies that must not change); updated_at as a rebuild leaves it.
          await verifications.updateTable('user_verifications').set({ national_id: null }).where('user_id', '=', event.data.userId).execute();
          break;
      }
    }
  },
});
