import type { VerificationApproved, VerificationRejected, VerificationSubmitted } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { userVerificationsTable } from './user-verifications.table';

type VerificationEvent = ProjectedEvent & (VerificationSubmitted | VerificationApproved | VerificationRejected);
const VERIFICATION_EVENTS = new Set(['VerificationSubmitted', 'VerificationApproved', 'VerificationRejected']);

export const userVerificationsProjection = defineProjection({
  name: 'user_verifications',
  version: 1,
  tables: [userVerificationsTable],

  async apply(db, schema, events, changes) {
    const verifications = db.withSchema(schema);
    // The projector reads the subject keys in its own batch transaction: erased keys give null.
    const vault = new PersonalDataVault(db);
    for (const event of events.filter((candidate): candidate is VerificationEvent => VERIFICATION_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      changes.add('user_verifications', event.data.userId);
      switch (event.type) {
        case 'VerificationSubmitted': {
          const { data } = event;
          const nationalId = await vault.open(data.userId, data.nationalIdSealed);
          await verifications.insertInto('user_verifications')
            .values({
              id: data.verificationId, user_id: data.userId, country: data.country, country_key: data.countryKey, national_id: nationalId,
              document_image_url: data.documentImageUrl, verification_type: data.verificationType, status: 'pending', created_at: at, updated_at: at,
            })
            .onConflict((conflict) => conflict.column('id').doNothing()).execute();
          break;
        }
        case 'VerificationApproved':
          await verifications.updateTable('user_verifications')
            .set({
              status: 'approved', is_verified: true, verified_at: at, reviewed_by: event.data.reviewedBy,
              reviewed_at: event.data.reviewedBy ? at : null, rejection_reason: null, updated_at: at,
            })
            .where('id', '=', event.data.verificationId).execute();
          break;
        case 'VerificationRejected':
          await verifications.updateTable('user_verifications')
            .set({ status: 'rejected', is_verified: false, reviewed_by: event.data.reviewedBy, reviewed_at: at, rejection_reason: event.data.reason, updated_at: at })
            .where('id', '=', event.data.verificationId).execute();
          break;
      }
    }
  },
});
