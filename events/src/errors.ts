/** Domain errors carry their HTTP status; one error handler turns them into `{ message }`. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') {
    super(message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(message, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

/** The Idempotency-Key of an earlier request, sent with another request (docs/decisions.md, Idempotency-Key). */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was used for another request.';

export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(IDEMPOTENCY_KEY_REUSED, 422);
  }
}

export class GoneError extends DomainError {
  constructor(message: string) {
    super(message, 410);
  }
}

/** A limit reached: the one error handler answers 429 with Retry-After and logs `limiter` as the security event's reason. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly limiter: string = new.target.name,
  ) {
    super(message, 429);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 503);
  }
}

/** A service we depend on (a payment provider) answered with an error or with something we cannot use. */
export class BadGatewayError extends DomainError {
  constructor(message: string) {
    super(message, 502);
  }
}

/** An append whose expected version did not hold; command handlers retry on it. */
export class WrongExpectedVersionError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Concurrent change to ${streamId}: expected ${expected}, found ${actual}`);
  }
}
