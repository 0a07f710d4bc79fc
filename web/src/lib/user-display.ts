/** Whom pages name: the member themself (with an e-mail), or an author beside what they wrote. */
export interface NamedPerson {
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
}

/** "First Last" when the member gave names, else their e-mail, else 'Member' (some provider accounts have neither). */
export function displayName(person: NamedPerson): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email || 'Member';
}

/** Up to two letters for the avatar: the initials of the names, else the e-mail's first letter. */
export function initials(person: NamedPerson): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  return (letters || person.email?.charAt(0) || 'M').toLocaleUpperCase();
}
