/** A one-time message shown on the page a form's redirect lands on (see flash.server.ts). */
export type FlashMessage = {
  kind: "success" | "error";
  title: string;
  description?: string;
  /** Tells two equal messages apart, so each is shown once. */
  id: string;
};
