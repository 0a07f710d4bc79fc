import { column, defineTable } from '../lib/table';

/** Read model `user_verifications`: the members' live claims, one per member and country (docs/product.md, Data); a removed claim is deleted. */
export const userVerificationsTable = defineTable(
  'user_verifications',
  {
    id: column.uuid(),
    user_id: column.uuid(),
    country: column.text(),
    country_key: column.text(),
    /** In clear for its owner and reviewers; null once the member's key is erased. */
    national_id: column.text().nullable(),
    document_image_url: column.text().nullable(),
    verification_type: column.text<'id_number' | 'document'>(),
    status: column.text<'pending' | 'approved' | 'rejected'>(),
    is_verified: column.boolean().default(false),
    confirmed_by_leader: column.boolean().default(false),
    /** The leader of that country's National group who vouched for the claim, and when. */
    confirmed_by: column.uuid().nullable(),
    confirmed_at: column.timestamptz().nullable(),
    verified_at: column.timestamptz().nullable(),
    reviewed_by: column.uuid().nullable(),
    reviewed_at: column.timestamptz().nullable(),
    rejection_reason: column.text().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['user_id', 'created_at'] }, { columns: ['status', 'created_at'] }],
  },
);
