/**
 * The one refusal domain modules throw: a Polish message a person may read, the HTTP status the
 * route answers with, and (for forms) the field it is about. Data modules return data or throw this;
 * only routes and action modules (see `form-action.server.ts`) turn it into a response.
 */
export type RefusalStatus = 400 | 403 | 404 | 409 | 413 | 422 | 429;

export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: RefusalStatus = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
