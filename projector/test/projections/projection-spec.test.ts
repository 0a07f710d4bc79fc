import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupsProjection } from '../../src/groups/groups.projection';
import { projections } from '../../src/projections';
import { ProjectionSpec, expectRows, specTime } from '../projection-spec';
import { groupCreated } from '../spec-events';

describe('ProjectionSpec (the helper itself)', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(groupsProjection);
  });
  afterAll(async () => spec.close());

  it('refuses an event whose data does not match its schema, naming the type', () => {
    expect(() => spec.given([{ type: 'GroupCreated', data: { groupId: 'seven' } }])).toThrow(/spec event GroupCreated is not valid/);
  });

  it('refuses an event type the registry does not know', () => {
    expect(() => spec.given([groupCreated(2)]).when([{ type: 'GroupRenamed', data: {} }])).toThrow(/GroupRenamed: not a registered event type/);
  });

  it('hands projections increasing positions and a time per event, across batches', async () => {
    const outcome = await spec
      .given([groupCreated(2)])
      .when([groupCreated(3), groupCreated(4)])
      .run();
    expect(await outcome.rows('groups', { columns: ['id', 'created_at'] })).toEqual([
      { id: 2, created_at: specTime(1) },
      { id: 3, created_at: specTime(2) },
      { id: 4, created_at: specTime(3) },
    ]);
    expect(outcome.changes.map((changes) => [...(changes.changes.get('groups') ?? [])])).toEqual([[2], [3, 4]]);
  });

  it('starts every run from an empty schema', async () => {
    await spec.given([groupCreated(2)]).then(expectRows('groups', { columns: ['id'] }).toEqual([{ id: 2 }]));
    await spec.given([groupCreated(5)]).then(expectRows('groups', { columns: ['id'] }).toEqual([{ id: 5 }]));
  });

  it('fails a then whose rows differ', async () => {
    await expect(spec.given([groupCreated(2)]).then(expectRows('groups', { columns: ['id'] }).toEqual([{ id: 3 }]))).rejects.toThrow(/rows of groups/);
  });

  it('has a spec file beside it for every projection of the platform', () => {
    const specs = new Set(readdirSync(import.meta.dirname));
    expect(projections.map((projection) => `${projection.name.replaceAll('_', '-')}.projection.test.ts`).filter((file) => !specs.has(file))).toEqual([]);
  });
});
