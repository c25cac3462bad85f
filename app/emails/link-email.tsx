/**
 * The frame of an e-mail built around one link that expires (welcome, address confirmation, password
 * reset, invitation, stock alert): heading, what the link does, the button, how long it works with the
 * address spelled out, and the small print the message adds below.
 */
import type { ReactNode } from "react";
import {
  EmailAction,
  EmailButtonFallback,
  EmailDivider,
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
  smallPrint,
  ruled = false,
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
  /** The note below the link (who should ignore it, where else to go). */
  smallPrint?: ReactNode;
  /** A rule between the link and the note. */
  ruled?: boolean;
}) {
  return (
    <EmailLayout site={site} preview={preview} heading={heading}>
      {children}
      <EmailAction href={link.href}>{link.label}</EmailAction>
      <EmailNote>
        {validity} <EmailButtonFallback href={link.href} />
      </EmailNote>
      {ruled ? <EmailDivider /> : null}
      {smallPrint ? <EmailNote>{smallPrint}</EmailNote> : null}
    </EmailLayout>
  );
}
