import type { ErrorResponse } from '@vendaval/core/schemas/common';

/** An error that reaches the client as `{ status, message, errors? }` with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: ErrorResponse['errors'];

  constructor(status: number, message: string, errors?: ErrorResponse['errors']) {
    super(message);
    this.status = status;
    this.errors = errors;
  }

  toBody(): ErrorResponse {
    return this.errors
      ? { status: this.status, message: this.message, errors: this.errors }
      : { status: this.status, message: this.message };
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ field, description: message }] : undefined);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
