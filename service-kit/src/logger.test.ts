import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskUrl } from './logger';

describe('logging', () => {
  it('redacts personal data and secrets wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const log = pino(loggerOptions('info'), sink);
    log.info(
      { email: 'ada@example.org', body: { password: 'hunter2-secret', nationalId: '1234567890' }, user: { profile: { token: 'tok_abcdef' } } },
      'signed up',
    );
    log.info({ req: { headers: { cookie: 'sid=s3cr3t-session' } } }, 'request');
    const output = lines.join('');
    for (const secret of ['ada@example.org', 'hunter2-secret', '1234567890', 'tok_abcdef', 's3cr3t-session']) expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
  });

  it('masks tokens in request paths and query strings', () => {
    expect(maskUrl('/api/family/invite/Xy3kL9mQ2pR7sT1vW4zA8bC6/accept')).toBe('/api/family/invite/[redacted]/accept');
    expect(maskUrl('/reset-password/0123456789abcdef0123456789abcdef')).toBe('/reset-password/[redacted]');
    expect(maskUrl('/api/groups/1042?email=a@b.c')).toBe('/api/groups/1042?[redacted]');
    expect(maskUrl('/api/groups')).toBe('/api/groups');
  });
});
