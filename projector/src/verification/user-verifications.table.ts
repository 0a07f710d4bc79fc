/** Read model `user_verifications`: one per member and country (spec section 3). */
export interface UserVerificationsTable {
  id: string;
  user_id: string;
  country: string;
  country_key: string;
  /** In clear for its owner and reviewers; null once the member's key is erased. */
  national_id: string | null;
  document_image_url: string | null;
  verification_type: 'id_number' | 'document';
  status: 'pending' | 'approved' | 'rejected';
  is_verified: boolean;
  confirmed_by_leader: boolean;
  verified_at: Date | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  created_at: Date;
  updated_at: Date;
}
