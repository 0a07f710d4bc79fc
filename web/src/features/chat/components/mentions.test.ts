import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, mentionedIds } from './mentions';

describe('mentions in the composer text', () => {
  it('finds the @word the caret is in, when the @ starts a word', () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(mentionAt('Hi @Om', 6)).toEqual({ start: 3, end: 6, query: 'Om' });
    // The caret inside the word: the whole word is the query, and what is replaced.
    expect(mentionAt('Hi @Omar!', 5)).toEqual({ start: 3, end: 8, query: 'Omar' });
    expect(mentionAt('Hi\n@عبد', 7)).toEqual({ start: 3, end: 7, query: 'عبد' });
    expect(mentionAt('omar@example.org', 9)).toBeNull();
    expect(mentionAt('@Omar Farouk ', 13)).toBeNull();
    expect(mentionAt(`@${'x'.repeat(101)}`, 102)).toBeNull();
  });

  it('writes the name in place of the @word, with one space after it', () => {
    expect(insertMention('Hi @Om', { start: 3, end: 6, query: 'Om' }, 'Omar Farouk')).toEqual({ text: 'Hi @Omar Farouk ', caret: 16 });
    expect(insertMention('Hi @Om there', { start: 3, end: 6, query: 'Om' }, 'Omar Farouk')).toEqual({ text: 'Hi @Omar Farouk there', caret: 16 });
    expect(insertMention(`${'x'.repeat(1995)} @O`, { start: 1996, end: 1998, query: 'O' }, 'Omar Farouk')).toBeNull();
  });

  it('mentions those picked whose whole name is still written after an @', () => {
    const picked = new Map([
      ['omar', 'Omar Farouk'],
      ['layla', 'ليلى حداد'],
    ]);
    expect(mentionedIds('@Omar Farouk, and @ليلى حداد.', picked)).toEqual(['omar', 'layla']);
    expect(mentionedIds("@Omar Farouk's idea", picked)).toEqual(['omar']);
    expect(mentionedIds('@Omar Faroukson and Omar Farouk', picked)).toEqual([]);
    expect(mentionedIds('@Omar Faroukson, @Omar Farouk', picked)).toEqual(['omar']);
    const many = new Map(Array.from({ length: 25 }, (_, n) => [`id${n}`, `Member ${n}x`]));
    expect(mentionedIds([...many.values()].map((name) => `@${name}`).join(' '), many)).toHaveLength(20);
  });
});
