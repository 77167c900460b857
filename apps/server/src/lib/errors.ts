import { MSG } from '@clinic/shared';

/** A failure the caller can do something about; the error handler turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = MSG.invalidInput, code = 'BAD_REQUEST') {
    super(400, code, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = MSG.unauthorized, code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = MSG.forbidden, code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = MSG.notFound, code = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string = MSG.tooManyRequests,
    readonly retryAfterSeconds = 60,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}
