import { CATALOGUE, ConflictError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { groupsDecider } from './groups.decider';

const islam = CATALOGUE.find((group) => group.name === 'Islam')!;
const spec = deciderSpec(groupsDecider);

describe('groups decider', () => {
  it('creates a group that does not exist yet', () => {
    spec.given([]).when({ type: 'createGroup', group: islam }).then([{ type: 'GroupCreated', data: islam }]);
  });

  it('does nothing when the same group is created again', () => {
    spec.given([{ type: 'GroupCreated', data: islam }]).when({ type: 'createGroup', group: islam }).then([]);
  });

  it('refuses to reuse an id for a different group', () => {
    spec
      .given([{ type: 'GroupCreated', data: islam }])
      .when({ type: 'createGroup', group: { ...islam, name: 'Something else' } })
      .thenThrows(ConflictError, /already exists as Islam/);
  });
});
