import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER, UNNAMED_MEMBER, personName } from './person-name';

describe('personName: the one way a member is named as text', () => {
  it('is first and last name, each trimmed, when both are given', () => {
    expect(personName({ firstName: 'Amina', lastName: 'Haddad' })).toBe('Amina Haddad');
    expect(personName({ firstName: '  Amina ', lastName: '\tHaddad\n', email: 'amina@example.org' })).toBe('Amina Haddad');
  });

  it("is 'Deleted member' once erased, whatever else is known", () => {
    expect(personName({ firstName: 'Amina', lastName: 'Haddad', email: 'amina@example.org', erased: true })).toBe(DELETED_MEMBER);
    expect(personName({ firstName: null, lastName: null, erased: true })).toBe('Deleted member');
    // The query side's SQL puts the text in the first name of an erased member's row.
    expect(personName({ firstName: DELETED_MEMBER, lastName: null })).toBe('Deleted member');
  });

  it('is the e-mail, where the reader may see one, unless both names are given', () => {
    expect(personName({ firstName: 'Hana', lastName: null, email: 'hana@example.org' })).toBe('hana@example.org');
    expect(personName({ firstName: null, lastName: 'Haddad', email: 'h@example.org' })).toBe('h@example.org');
    expect(personName({ firstName: null, lastName: null, email: ' nameless@example.org ' })).toBe('nameless@example.org');
    expect(personName({ firstName: 'Hana', lastName: '   ', email: 'hana@example.org' })).toBe('hana@example.org');
  });

  it('is the one name given when no e-mail is passed', () => {
    expect(personName({ firstName: ' Hana ', lastName: null })).toBe('Hana');
    expect(personName({ firstName: '', lastName: 'Haddad' })).toBe('Haddad');
    expect(personName({ firstName: 'Hana', lastName: ' ', email: '' })).toBe('Hana');
    expect(personName({ firstName: 'Hana', lastName: undefined, email: null })).toBe('Hana');
  });

  it("is 'A member' with no name and no e-mail (a member with no names yet, or only blanks)", () => {
    expect(personName({ firstName: null, lastName: null })).toBe(UNNAMED_MEMBER);
    expect(personName({ firstName: '  ', lastName: '\n', email: '   ' })).toBe('A member');
    expect(personName({})).toBe('A member');
  });
});
