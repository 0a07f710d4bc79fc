import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { firstWords, opinionOptions } from './opinion-options';

const t = i18n.getFixedT('en', 'elections');
const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });

describe("a law's options", () => {
  it('names an opinion by its first six words, at most 48 letters, with an ellipsis when there is more', () => {
    expect(firstWords('  Speed bumps\ninstead ')).toBe('Speed bumps instead');
    expect(firstWords('Make it 30 km/h in every school zone')).toBe('Make it 30 km/h in every…');
    expect(firstWords('Pneumonoultramicroscopicsilicovolcanoconiosis-and-more-words-joined')).toBe('Pneumonoultramicroscopicsilicovolcanoconiosis-an…');
    expect(firstWords(' \n ')).toBeNull();
  });

  it('puts No change first (the topic id), names hidden opinions by their author, and numbers names that would repeat', () => {
    const options = opinionOptions(t, 'topic-1', [
      { id: 'a', content: 'Speed bumps instead', author: person('Omar', 'Farouk') },
      { id: 'b', content: '', author: person('Layla', 'Nasser'), hidden: { reason: 'Spam' } },
      { id: 'c', content: 'Speed bumps instead', author: person('Omar', 'Farouk') },
      { id: 'd', content: 'Make it 30 km/h in every school zone', author: person('Layla', 'Nasser') },
    ]);
    expect(options).toEqual([
      { id: 'topic-1', name: 'No change' },
      { id: 'a', name: '“Speed bumps instead” by Omar Farouk (1)', fullText: undefined },
      { id: 'b', name: 'Hidden opinion by Layla Nasser', fullText: undefined },
      { id: 'c', name: '“Speed bumps instead” by Omar Farouk (3)', fullText: undefined },
      { id: 'd', name: '“Make it 30 km/h in every…” by Layla Nasser', fullText: 'Make it 30 km/h in every school zone' },
    ]);
  });
});
