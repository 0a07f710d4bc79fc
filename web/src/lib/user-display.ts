import type { NamedPerson } from '@civitas/events/person-name';

// A name as text comes from `personName` (@civitas/events/person-name), the server's rule too.
export type { NamedPerson };

/** Up to two letters for the avatar: the initials of the names, else the e-mail's first letter. */
export function initials(person: NamedPerson): string {
  const letters = [person.firstName, person.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || person.email?.charAt(0) || 'M').toLocaleUpperCase();
}
