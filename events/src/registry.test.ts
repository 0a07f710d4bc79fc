import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventRegistry, defineEvent } from './registry';

const RenamedV2 = defineEvent('MemberRenamed', z.object({ firstName: z.string(), lastName: z.string() }), {
  version: 2,
  upcasters: [{ from: 1, upcast: (data: { name: string }) => ({ firstName: data.name.split(' ')[0], lastName: data.name.split(' ').slice(1).join(' ') }) }],
});

describe('EventRegistry', () => {
  const registry = new EventRegistry().register(RenamedV2);

  it('validates new events and stamps the current schema version', () => {
    expect(registry.prepare({ type: 'MemberRenamed', data: { firstName: 'Ada', lastName: 'Lovelace' } })).toEqual({
      data: { firstName: 'Ada', lastName: 'Lovelace' },
      schemaVersion: 2,
    });
    expect(() => registry.prepare({ type: 'MemberRenamed', data: { firstName: 'Ada' } })).toThrow();
    expect(() => registry.prepare({ type: 'Unknown', data: {} })).toThrow(/unknown event type/);
  });

  it('upcasts stored events of an older version before parsing them', () => {
    expect(registry.decode({ type: 'MemberRenamed', data: { name: 'Ada King Lovelace' }, metadata: { schemaVersion: 1 } })).toEqual({
      type: 'MemberRenamed',
      data: { firstName: 'Ada', lastName: 'King Lovelace' },
    });
    expect(registry.decode({ type: 'MemberRenamed', data: { firstName: 'A', lastName: 'B' }, metadata: { schemaVersion: 2 } }).data).toEqual({
      firstName: 'A',
      lastName: 'B',
    });
  });

  it('refuses a type registered twice', () => {
    expect(() => new EventRegistry().register(RenamedV2, RenamedV2)).toThrow(/registered twice/);
  });
});
