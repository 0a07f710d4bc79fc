/**
 * How Civitas names a member wherever it shows one as text: pages, answers, receipts, the audit
 * trail, mails. One rule for the server and the web app (browser-safe: no imports); see
 * docs/decisions.md, Identity ("Names are required at sign-up") and Personal data (erasure).
 */

/** An erased member: their names and address went with their key, what they did stays counted. */
export const DELETED_MEMBER = 'Deleted member';
/** A member with no name to show (some provider accounts give none) where no address may be shown. */
export const UNNAMED_MEMBER = 'A member';

export interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  /** Only where the reader may see the address: the member themself, an admin. */
  email?: string | null;
  /** The account is erased (or the read model holds no member by that id). */
  erased?: boolean;
}

/**
 * 'Deleted member' once erased; else first and last name, each trimmed, when both are given; else
 * the e-mail where one is passed (the admin panel's rule: "first plus last if both exist, else
 * e-mail"); else the one name given; else 'A member'. A blank name counts as none.
 */
export function personName(person: NamedPerson): string {
  if (person.erased) return DELETED_MEMBER;
  const first = person.firstName?.trim() ?? '';
  const last = person.lastName?.trim() ?? '';
  if (first && last) return `${first} ${last}`;
  return person.email?.trim() || first || last || UNNAMED_MEMBER;
}
