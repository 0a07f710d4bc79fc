import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CreateTopicBody,
  GROUP_ID_MAX,
  GROUP_NOT_FOUND,
  InviteBody,
  NotFoundError,
  PostOpinionBody,
  VerifyIdentityBody,
  charactersNotAllowed,
  existingGroupId,
  groupIdSchema,
  hasOnlyAllowedCharacters,
  secretText,
  text,
} from './index';

const message = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('text fields', () => {
  const name = text({ field: 'First name', required: 'First name is required' }).min(1, 'First name is required').max(5, 'First name is too long');
  const body = text({ field: 'Opinion', required: 'Opinion cannot be empty', lines: 'multi' }).min(1, 'Opinion cannot be empty').max(10, 'Opinion is too long');

  it('stores the composed (NFC) form and counts length after composing and trimming', () => {
    expect(name.parse('  Ame\u0301l  ')).toBe('Am\u00e9l');
    // Five letters typed decomposed are ten code units: the limit counts the five stored.
    expect(name.parse('e\u0301'.repeat(5))).toBe('\u00e9'.repeat(5));
    expect(message(name, 'e\u0301'.repeat(6))).toBe('First name is too long');
  });

  it('refuses C0 controls, DEL and C1 controls, and lone surrogates, with the field\u2019s message', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u0008b', 'a\u000Bb', 'a\u001Fb', 'a\u007Fb', 'a\u0080b', 'a\u009Fb', '\ud800', 'a\udfff', 'x\ud83d', '\ude00x']) {
      expect({ bad, message: message(name, bad) }).toEqual({ bad, message: 'First name contains characters that are not allowed' });
      expect({ bad, message: message(body, bad) }).toEqual({ bad, message: 'Opinion contains characters that are not allowed' });
    }
    // A well-formed pair is one character, not two halves.
    expect(name.parse('\u{1F600}')).toBe('\u{1F600}');
    expect(message(body, '\u{1F600}\u0000')).toBe('Opinion contains characters that are not allowed');
  });

  it('keeps tab and newline for texts with paragraphs only, and stores every line ending as one newline', () => {
    expect(message(name, 'A\tB')).toBe(charactersNotAllowed('First name'));
    expect(message(name, 'A\nB')).toBe(charactersNotAllowed('First name'));
    expect(message(name, 'A\rB')).toBe(charactersNotAllowed('First name'));
    expect(body.parse('a\tb\nc')).toBe('a\tb\nc');
    expect(body.parse(' a\r\nb\rc ')).toBe('a\nb\nc');
    // Surrounding whitespace goes before the check: a pasted trailing newline is no refusal.
    expect(name.parse('Ada\n')).toBe('Ada');
  });

  it('refuses bidi embeddings, overrides and isolates in one-line fields, allows direction marks', () => {
    for (const bidi of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(message(name, `A${bidi}b`)).toBe(charactersNotAllowed('First name'));
      expect(body.parse(`A${bidi}b`)).toBe(`A${bidi}b`);
    }
    expect(name.parse('ليلى\u200F')).toBe('ليلى\u200F');
    expect(name.parse('A\u200Eb')).toBe('A\u200Eb');
    expect(name.parse('Zoë\u200D')).toBe('Zoë\u200D');
  });

  it('keeps the field\u2019s own messages for missing, blank and long values', () => {
    expect(message(name, undefined)).toBe('First name is required');
    expect(message(name, 42)).toBe('First name is required');
    expect(message(name, '   ')).toBe('First name is required');
    expect(message(name, 'Adalovelace')).toBe('First name is too long');
    // One issue, the first rule that fails: a NUL in a long value is about the NUL.
    expect(name.safeParse('Adalovelace\u0000').error!.issues).toHaveLength(1);
  });

  it('can leave values untrimmed (tokens, addresses) and secrets unnormalised', () => {
    const token = text({ field: 'Token', required: 'Token is required', trim: false });
    expect(token.parse(' abc ')).toBe(' abc ');
    const password = secretText({ field: 'Password', required: 'Password is required' });
    expect(password.parse(' Ame\u0301lie ')).toBe(' Ame\u0301lie ');
    expect(message(password, 'pass\u0000word')).toBe(charactersNotAllowed('Password'));
    expect(message(password, 'pass\tword')).toBe(charactersNotAllowed('Password'));
    expect(message(password, '\ud800password')).toBe(charactersNotAllowed('Password'));
  });

  it('answers the same rule for a plain check', () => {
    expect(hasOnlyAllowedCharacters('Ada Lovelace')).toBe(true);
    expect(hasOnlyAllowedCharacters('Ada\nLovelace')).toBe(false);
    expect(hasOnlyAllowedCharacters('Ada\nLovelace', 'multi')).toBe(true);
    expect(hasOnlyAllowedCharacters('Ada\u0000', 'multi')).toBe(false);
  });
});

describe('the command contracts use them', () => {
  const topic = { title: 'Extend library hours', description: 'Libraries should open until 22:00 on weekdays.', groupId: 5 };

  it('topics: a one-line title, a description with paragraphs, the messages of docs/product.md, Rules', () => {
    expect(message(CreateTopicBody, { ...topic, title: 'Library\u0000hours' })).toBe('Title contains characters that are not allowed');
    expect(message(CreateTopicBody, { ...topic, title: 'Tiny' })).toBe('Title must be at least 5 characters');
    expect(message(CreateTopicBody, { ...topic, description: 'Too short to say it' })).toBe('Description must be at least 20 characters');
    expect(CreateTopicBody.parse({ ...topic, description: 'Open later.\r\nOn weekdays, for students.' }).description).toBe(
      'Open later.\nOn weekdays, for students.',
    );
  });

  it('topics: a group id is a positive int4, and a JSON number only', () => {
    expect(CreateTopicBody.parse({ ...topic, groupId: 7 }).groupId).toBe(7);
    for (const groupId of [0, -1, 1.5, GROUP_ID_MAX + 1, Number.MAX_SAFE_INTEGER + 2, 'seven', null, '7', true, [7], '0x7', '7e0']) {
      expect({ groupId, message: message(CreateTopicBody, { ...topic, groupId }) }).toEqual({ groupId, message: 'Please select a group' });
    }
    expect(CreateTopicBody.parse({ ...topic, groupId: GROUP_ID_MAX }).groupId).toBe(GROUP_ID_MAX);
  });

  it('opinions, verification and invitations', () => {
    expect(message(PostOpinionBody, { topicId: 'x', content: 'Yes \ud800' })).toBe('Opinion contains characters that are not allowed');
    expect(message(PostOpinionBody, { topicId: 'x', content: ' \n ' })).toBe('Opinion cannot be empty');
    expect(message(VerifyIdentityBody, { country: 'Saudi Arabia', nationalId: 'abc\u0000def' })).toBe('National ID contains characters that are not allowed');
    expect(message(VerifyIdentityBody, { country: 'Saudi\u202EArabia', nationalId: '1234567890' })).toBe('Country contains characters that are not allowed');
    expect(message(VerifyIdentityBody, { country: 'Saudi Arabia', nationalId: 'abc' })).toBe('National ID must be at least 5 characters');
    expect(message(InviteBody, { email: 'omar\u0000@example.org' })).toBe('Email contains characters that are not allowed');
    expect(message(InviteBody, { email: 'not an address' })).toBe('Please enter a valid email address');
    expect(InviteBody.parse({ email: ' Omar@Example.org ' }).email).toBe('omar@example.org');
  });
});

describe('group ids from paths', () => {
  it('passes a group id and answers anything no group can have with Group not found (404)', () => {
    expect(existingGroupId(1)).toBe(1);
    expect(existingGroupId(GROUP_ID_MAX)).toBe(GROUP_ID_MAX);
    for (const id of [0, -3, 2.5, GROUP_ID_MAX + 1, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Number.POSITIVE_INFINITY]) {
      const refusal = (() => {
        try {
          existingGroupId(id);
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(NotFoundError);
      expect((refusal as NotFoundError).message).toBe(GROUP_NOT_FOUND);
    }
    expect(message(groupIdSchema('Pick one'), '12abc')).toBe('Pick one');
  });
});
