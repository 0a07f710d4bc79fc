import { ConflictError, LAST_ADMIN, START_POSITION, type AdminRosterEvent } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { adminRosterDecider, type AdminRosterCommand } from './admin-roster.decider';

const A = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const B = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const P1 = '0000000000000001-0000000000000001';
const P2 = '0000000000000002-0000000000000002';

const refreshed = (standings: Array<[string, boolean, number]>, seenThrough = P1): AdminRosterEvent => ({
  type: 'AdminRosterRefreshed',
  data: { standings: standings.map(([userId, active, userVersion]) => ({ userId, active, userVersion })), seenThrough },
});
const cleared = (userId: string, userVersion: number): AdminRosterEvent => ({ type: 'AdminRemovalCleared', data: { userId, userVersion } });
const clear = (userId: string, userVersion: number, refresh: AdminRosterCommand['refresh'] = null): AdminRosterCommand => ({
  type: 'clearRemoval',
  userId,
  userVersion,
  refresh,
  refusal: LAST_ADMIN,
});

describe('admin roster decider (docs/decisions.md, The last admin)', () => {
  const spec = deciderSpec(adminRosterDecider);

  it('clears the removal of an admin while another active admin remains', () => {
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, true, 2],
        ]),
      ])
      .when(clear(A, 3))
      .then([cleared(A, 3)]);
  });

  it('refuses the last active admin, with the refusal the command brings', () => {
    spec
      .given([refreshed([[A, true, 2]])])
      .when(clear(A, 3))
      .thenThrows(ConflictError, LAST_ADMIN);
    spec.given([]).when(clear(A, 3)).thenThrows(ConflictError, LAST_ADMIN);
  });

  it('refuses the second of two removals one after the other: the first counts at once', () => {
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, true, 2],
        ]),
        cleared(A, 3),
      ])
      .when(clear(B, 3))
      .thenThrows(ConflictError, LAST_ADMIN);
  });

  it('counts a banned, revoked or erased admin as no admin', () => {
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, false, 5],
        ]),
      ])
      .when(clear(A, 3))
      .thenThrows(ConflictError, LAST_ADMIN);
  });

  it('takes the standings the service read with the command, and records them', () => {
    const refresh = { standings: [{ userId: B, active: true, userVersion: 4 }], seenThrough: P2 };
    spec
      .given([refreshed([[A, true, 2]])])
      .when(clear(A, 3, refresh))
      .then([{ type: 'AdminRosterRefreshed', data: refresh }, cleared(A, 3)]);
  });

  it('keeps the newest fact of each member, whatever order they were recorded in', () => {
    // B's removal was cleared at version 5; a standing read earlier (version 4) arriving late does not bring B back.
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, true, 2],
        ]),
        cleared(B, 5),
        refreshed([[B, true, 4]], P2),
      ])
      .when(clear(A, 3))
      .thenThrows(ConflictError, LAST_ADMIN);
    // B granted again later (version 7) counts again.
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, true, 2],
        ]),
        cleared(B, 5),
        refreshed([[B, true, 7]], P2),
      ])
      .when(clear(A, 3))
      .then([cleared(A, 3)]);
  });

  it('counts an admin too few, never one too many, when a clearance and a standing name the same version', () => {
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, true, 2],
        ]),
        cleared(B, 5),
        refreshed([[B, true, 5]], P2),
      ])
      .when(clear(A, 3))
      .thenThrows(ConflictError, LAST_ADMIN);
    spec
      .given([
        refreshed([
          [A, true, 2],
          [B, true, 5],
        ]),
        cleared(B, 5),
      ])
      .when(clear(A, 3))
      .thenThrows(ConflictError, LAST_ADMIN);
  });

  it('starts empty: on an empty roster the service reads every grant (its seenThrough is the start)', () => {
    if (adminRosterDecider.initialState().seenThrough !== START_POSITION) throw new Error('the roster starts before every event');
  });
});
