import type common from './locales/en/common.json';
import type identity from './locales/en/identity.json';
import type pages from './locales/en/pages.json';
import type dashboard from './locales/en/dashboard.json';
import type groups from './locales/en/groups.json';
import type invitations from './locales/en/invitations.json';
import type chat from './locales/en/chat.json';
import type delegation from './locales/en/delegation.json';
import type elections from './locales/en/elections.json';
import type laws from './locales/en/laws.json';
import type opinions from './locales/en/opinions.json';
import type topics from './locales/en/topics.json';
import type voting from './locales/en/voting.json';
import type staticPages from './locales/en/staticPages.json';
import type profile from './locales/en/profile.json';
import type admin from './locales/en/admin.json';
import type audit from './locales/en/audit.json';
import type accountPages from './locales/en/accountPages.json';
import type subscriptions from './locales/en/subscriptions.json';
import type verification from './locales/en/verification.json';
import type moderation from './locales/en/moderation.json';
import type search from './locales/en/search.json';
import type notifications from './locales/en/notifications.json';

/**
 * Every namespace (one per feature: the file name under locales/<language>/), typed by its English
 * file. A new namespace adds its line here; tsc then checks every key a component asks for.
 */
export interface Resources {
  common: typeof common;
  identity: typeof identity;
  pages: typeof pages;
  dashboard: typeof dashboard;
  groups: typeof groups;
  invitations: typeof invitations;
  chat: typeof chat;
  delegation: typeof delegation;
  elections: typeof elections;
  laws: typeof laws;
  opinions: typeof opinions;
  topics: typeof topics;
  voting: typeof voting;
  staticPages: typeof staticPages;
  profile: typeof profile;
  admin: typeof admin;
  audit: typeof audit;
  accountPages: typeof accountPages;
  subscriptions: typeof subscriptions;
  verification: typeof verification;
  moderation: typeof moderation;
  search: typeof search;
  notifications: typeof notifications;
}

export type Namespace = keyof Resources;
