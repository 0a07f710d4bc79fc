import { isDeepStrictEqual } from 'node:util';
import type { Decider } from '../decider';
import { fold } from '../decider';
import type { DomainEvent } from '../registry';

/**
 * Deciders as specifications: given(history).when(command).then(expected events),
 * or .thenThrows(ErrorClass, message?). Assertion-library agnostic: throws on mismatch.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, fold(decider, history));
          return {
            then(expected: Event[]) {
              const actual = run();
              // Deep equality, not JSON text: equal events whose keys were written in another order are equal.
              if (!isDeepStrictEqual(actual, expected)) throw new Error(`expected events ${JSON.stringify(expected)}\n     got ${JSON.stringify(actual)}`);
            },
            thenThrows(errorClass: new (...args: any[]) => Error, message?: string | RegExp) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              if (!(thrown instanceof errorClass)) throw new Error(`expected ${errorClass.name}, got ${String(thrown)}`);
              if (message !== undefined) {
                const matches = typeof message === 'string' ? thrown.message === message : message.test(thrown.message);
                if (!matches) throw new Error(`expected message ${String(message)}, got ${thrown.message}`);
              }
            },
          };
        },
      };
    },
  };
}
