/** What the orders panel's action answers (shown as toasts; `result` feeds Conform's form). */
import type { SubmissionResult } from "@conform-to/react";

export type OrderActionResult = {
  intent: "set-status" | "ship" | null;
  ok: boolean;
  message: string;
  stockReturned?: boolean;
  stockTaken?: boolean;
  result?: SubmissionResult<string[]>;
};
