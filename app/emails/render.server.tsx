/** Turns React Email templates into the subject, HTML and plain-text parts stored in the outbox. */
import { render } from "@react-email/components";
import type { ReactElement } from "react";

export type RenderedMail = { subject: string; html: string; text: string };

/** HTML of a template, and a plain-text part (hand-written when given, else derived from the HTML). */
export async function renderEmail(
  element: ReactElement,
  subject: string,
  text?: string,
): Promise<RenderedMail> {
  const html = await render(element);
  return { subject, html, text: text ?? (await render(element, { plainText: true })) };
}
