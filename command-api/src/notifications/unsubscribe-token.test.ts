import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnsubscribeTokens } from './unsubscribe-token';

const tokens = new UnsubscribeTokens(randomBytes(32));
const amina = randomUUID();
const omar = randomUUID();

/** The token with its signature's bytes changed by `change`, spelled again in base64url. */
function withSignature(token: string, change: (signature: Buffer) => Buffer): string {
  const parts = token.split('.');
  parts[3] = change(Buffer.from(parts[3]!, 'base64url')).toString('base64url');
  return parts.join('.');
}

describe('one-click unsubscribe tokens', () => {
  it('carries the member and the types it turns off, once each and in one order', () => {
    const token = tokens.sign(amina, ['mention', 'topic_opened', 'mention']);
    expect(token).toMatch(new RegExp(`^u1\\.${amina}\\.topic_opened,mention\\.[A-Za-z0-9_-]{43}$`));
    expect(tokens.verify(token)).toEqual({ userId: amina, types: ['topic_opened', 'mention'] });
    expect(tokens.sign(amina, ['topic_opened', 'mention'])).toBe(token);
  });

  it('refuses a token altered anywhere: the member, a type, the signature', () => {
    const token = tokens.sign(amina, ['mention']);
    expect(tokens.verify(token.replace(amina, omar))).toBeNull();
    expect(tokens.verify(token.replace('.mention.', '.topic_opened.'))).toBeNull();
    expect(tokens.verify(token.replace('.mention.', '.mention,topic_opened.'))).toBeNull();
    // Omar's own signature does not make Amina's id his.
    const omars = tokens.sign(omar, ['mention']);
    expect(tokens.verify(`${token.split('.').slice(0, 3).join('.')}.${omars.split('.')[3]}`)).toBeNull();
    expect(tokens.verify(token.slice(0, -1))).toBeNull();
    expect(tokens.verify(token.slice(0, -10))).toBeNull();
    for (const bit of [0, 7, 100, 255]) {
      expect(tokens.verify(withSignature(token, (signature) => ((signature[bit >> 3]! ^= 1 << (bit & 7)), signature)))).toBeNull();
    }
    expect(tokens.verify(withSignature(token, (signature) => signature.subarray(0, 16)))).toBeNull();
  });

  it('refuses a token another platform secret signed, and what is no token at all', () => {
    const elsewhere = new UnsubscribeTokens(randomBytes(32)).sign(amina, ['mention']);
    expect(tokens.verify(elsewhere)).toBeNull();
    const token = tokens.sign(amina, ['mention']);
    for (const odd of ['', 'u1', token.replace('u1.', 'u2.'), `${token}.x`, token.replace('.mention.', '.shouting.'), token.replace('.mention.', '..')]) {
      expect(tokens.verify(odd)).toBeNull();
    }
    // The same types written in another order are not what was signed.
    const two = tokens.sign(amina, ['topic_opened', 'mention']);
    expect(tokens.verify(two.replace('topic_opened,mention', 'mention,topic_opened'))).toBeNull();
  });
});
