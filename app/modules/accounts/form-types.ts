import type { SubmissionResult } from "@conform-to/react";

export type AuthIntent = "login" | "signup";

/** What the account actions answer (login, sign-up, password screens). */
export type FormActionData = {
  intent?: AuthIntent;
  result: SubmissionResult<string[]>;
  /** Toast after success / the Polish reason of a failure. */
  toast?: { kind: "success" | "error"; title: string; description?: string };
  /** Set after a reset link was requested: the e-mail-sent view. */
  sentTo?: string;
};
