import type { VerificationApproved, VerificationRejected, VerificationSubmitted } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type VerificationEvent = ProjectedEvent & (VerificationSubmitted | VerificationApproved | VerificationRejected);
const VERIFICATION_EVENTS = new Set(['VerificationSubmitted', 'VerificationApproved', 'VerificationRejected']);

export const userVerificationsProjection: Projection = {
  name: 'user_verifications',
  version: 1,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'user_verifications')} (
        id uuid primary key,
        user_id uuid not null,
        country text not null,
        country_key text not null,
        national_id text,
        document_image_url text,
        verification_type text not null,
        status text not null,
        is_verified boolean not null default false,
        confirmed_by_leader boolean not null default false,
        verified_at timestamptz,
        reviewed_by uuid,
        reviewed_at timestamptz,
        rejection_reason text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'user_verifications')} (user_id, created_at)`.execute(db);
    await sql`create index on ${sql.id(schema, 'user_verifications')} (status, created_at)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const table = sql.id(schema, 'user_verifications');
    // The projector reads the subject keys in its own batch transaction: erased keys give null.
    const vault = new PersonalDataVault(db);
    for (const event of events.filter((candidate): candidate is VerificationEvent => VERIFICATION_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      changes.add('user_verifications', event.data.userId);
      switch (event.type) {
        case 'VerificationSubmitted': {
          const { data } = event;
          const nationalId = await vault.open(data.userId, data.nationalIdSealed);
          await sql`
            insert into ${table} (id, user_id, country, country_key, national_id, document_image_url, verification_type, status, created_at, updated_at)
            values (${data.verificationId}, ${data.userId}, ${data.country}, ${data.countryKey}, ${nationalId}, ${data.documentImageUrl}, ${data.verificationType}, 'pending', ${at}, ${at})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'VerificationApproved':
          await sql`
            update ${table} set status = 'approved', is_verified = true, verified_at = ${at}, reviewed_by = ${event.data.reviewedBy},
              reviewed_at = ${event.data.reviewedBy ? at : null}, rejection_reason = null, updated_at = ${at}
            where id = ${event.data.verificationId}`.execute(db);
          break;
        case 'VerificationRejected':
          await sql`
            update ${table} set status = 'rejected', is_verified = false, reviewed_by = ${event.data.reviewedBy}, reviewed_at = ${at},
              rejection_reason = ${event.data.reason}, updated_at = ${at}
            where id = ${event.data.verificationId}`.execute(db);
          break;
      }
    }
  },
};
