import { describe, expect, it } from 'vitest';
import { formatChatTime } from './chat-time';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('chat relative times (spec section 9)', () => {
  it("says 'Just now' under a minute, and for a server clock slightly ahead", () => {
    expect(formatChatTime(ago(0), now)).toBe('Just now');
    expect(formatChatTime(ago(59 * SECOND), now)).toBe('Just now');
    expect(formatChatTime(ago(-5 * SECOND), now)).toBe('Just now');
  });

  it("says 'N min ago' under an hour", () => {
    expect(formatChatTime(ago(MINUTE), now)).toBe('1 min ago');
    expect(formatChatTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe('59 min ago');
  });

  it("says 'N hr ago' under a day", () => {
    expect(formatChatTime(ago(HOUR), now)).toBe('1 hr ago');
    expect(formatChatTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hr ago');
  });

  it('gives the date from a day on, and nothing for a malformed time', () => {
    expect(formatChatTime('2026-03-09T11:00:00.000Z', now)).toBe('Mar 09, 2026');
    expect(formatChatTime('2025-12-25T12:00:00.000Z', now)).toBe('Dec 25, 2025');
    expect(formatChatTime('yesterday', now)).toBeNull();
  });
});
