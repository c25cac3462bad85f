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

/** The three parts of one template: the HTML component, the subject line and the plain-text part. */
export type MailTemplate<Props> = {
  Email: (props: Props) => ReactElement;
  subject: (props: Props) => string;
  text: (props: Props) => string;
};

/** Renders one template's three parts from its props, ready for `enqueueMail`. */
export function mailRenderer<Props extends object>({ Email, subject, text }: MailTemplate<Props>) {
  return (props: Props): Promise<RenderedMail> =>
    renderEmail(<Email {...props} />, subject(props), text(props));
}
