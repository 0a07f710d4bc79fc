import type { Role } from '@civitas/events';

/** Read model `users`: the member as pages show them. Credentials never leave the event streams. */
export interface UsersTable {
  id: string;
  email: string;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  about_me: string | null;
  city: string | null;
  website_url: string | null;
  twitter_url: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  is_subscribed: boolean;
  subscription_plan: string | null;
  subscription_status: string | null;
  subscription_start_date: Date | null;
  subscription_end_date: Date | null;
  is_banned: boolean;
  ban_reason: string | null;
  banned_at: Date | null;
  roles: Role[];
  created_at: Date;
  updated_at: Date;
}
