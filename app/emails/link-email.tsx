/**
 * The frame of an e-mail built around one link that expires (welcome, address confirmation, password
 * reset, invitation): heading, what the link does, the button, how long it works with the address spelled
 * out, and whatever the message adds below.
 */
import type { ReactNode } from "react";
import {
  EmailAction,
  EmailButtonFallback,
  EmailHeading,
  EmailLayout,
  EmailNote,
  type EmailSite,
} from "./email-layout";

export function LinkEmail({
  site,
  preview,
  heading,
  link,
  validity,
  children,
  footer,
}: {
  site: EmailSite;
  preview: string;
  heading: ReactNode;
  /** The button: where it leads and what it says. */
  link: { href: string; label: string };
  /** How long (and for whom) the link works, one sentence. */
  validity: ReactNode;
  /** What the link is for, above the button. */
  children: ReactNode;
  /** Notes below the link (who to ignore it, where else to go). */
  footer?: ReactNode;
}) {
  return (
    <EmailLayout site={site} preview={preview}>
      <EmailHeading>{heading}</EmailHeading>
      {children}
      <EmailAction href={link.href}>{link.label}</EmailAction>
      <EmailNote>
        {validity} <EmailButtonFallback href={link.href} />
      </EmailNote>
      {footer}
    </EmailLayout>
  );
}
