import { DomainError } from '@civitas/events';

/**
 * A signed-in member could not prove it is them before a step that needs it (a wrong current
 * password, a sign-in too long ago): 403, and a security event where it is caught.
 */
export class ReauthenticationFailed extends DomainError {
  constructor(message: string) {
    super(message, 403);
  }
}
