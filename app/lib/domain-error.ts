/**
 * The one refusal domain modules throw: a Polish message a person may read, the HTTP status the
 * route answers with, and (for forms) the field it is about. Data modules return data or throw this;
 * only routes and action modules (see `form-action.server.ts`) turn it into a response.
 */
const REFUSAL_STATUSES = [400, 401, 403, 404, 409, 410, 413, 422, 429, 503] as const;
export type RefusalStatus = (typeof REFUSAL_STATUSES)[number];

/** A status another library answered with, as one of ours (anything else a plain 400). */
export function asRefusalStatus(status: number): RefusalStatus {
  return (REFUSAL_STATUSES as readonly number[]).includes(status) ? (status as RefusalStatus) : 400;
}

export type RefusalDetails = {
  /** A toast's heading where the message is its description ("Nie dodano do koszyka"). */
  title?: string;
  /** Seconds until a rate limit lets the client try again (sent as Retry-After). */
  retryAfterSeconds?: number;
};

export class DomainError extends Error {
  readonly title?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    message: string,
    readonly status: RefusalStatus = 400,
    readonly field?: string,
    details: RefusalDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.title = details.title;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** The headers the refusal is answered with (Retry-After for a rate limit). */
  headers(): Headers {
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (this.retryAfterSeconds) headers.set("Retry-After", String(this.retryAfterSeconds));
    return headers;
  }
}
