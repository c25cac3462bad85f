/**
 * How e-mail leaves the process: SMTP when SMTP_URL is set, otherwise `.eml` files under
 * `$DATA_DIR/mail/` (open them with any mail client). The outbox worker is the only caller.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/lib/env.server";
import type { SiteConfig } from "~/lib/site";
import type { MailAttachmentRef } from "../../../db/schema";
import type { MailFile } from "./attachments.server";

/** A message as the outbox takes it. */
export type MailInput = {
  /** What the message is, e.g. "contact-notification" (for logs and the X-Mail-Kind header). */
  kind: string;
  to: string;
  /** Replies go here instead of the sender (e.g. a contact form's author). */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines, e.g. List-Unsubscribe of a notice (names and values checked by `enqueueMail`). */
  headers?: Record<string, string>;
  /** Files made when the message is sent (attachments.server.ts), e.g. the order's e-tickets. */
  attachments?: MailAttachmentRef[];
};

export type OutgoingMail = Omit<MailInput, "attachments"> & {
  /** Stable id (the outbox row's): becomes the Message-ID, so a resend can be recognised as one. */
  id: string;
  files?: MailFile[];
};

export type MailTransport = {
  /** "smtp" or "file", for logs. */
  readonly name: string;
  /** Resolves once the message is accepted (by the SMTP server or written to disk); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** The sender: MAIL_FROM, else the brand name with the brand mailbox. */
export function defaultFrom(site: Pick<SiteConfig, "name" | "email">, mailFrom?: string): string {
  if (mailFrom) return mailFrom;
  const name = site.name.replace(/["\\\r\n]/g, "");
  return `"${name}" <${site.email}>`;
}

function messageId(mail: OutgoingMail, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${mail.id}@${domain}>`;
}

function composeOptions(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: messageId(mail, from),
    // Ours last: a message's own headers cannot replace the kind.
    headers: { ...mail.headers, "X-Mail-Kind": mail.kind },
    attachments: mail.files?.map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
    })),
  };
}

/** SMTP with short timeouts, so a hanging server cannot hold a claimed outbox row for long. */
export function createSmtpTransport(url: string, from: string): MailTransport {
  // Settings given in the URL (e.g. ?socketTimeout=…) win over these bounds.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail(composeOptions(mail, from));
    },
    close: () => transporter.close(),
  };
}

/** Writes each message as an RFC 822 `.eml` file in `directory` (atomically: temp file, then rename). */
export function createFileTransport(directory: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    async send(mail) {
      const info = await transporter.sendMail(composeOptions(mail, from));
      const message = info.message as Buffer;
      await fs.mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const kind = mail.kind.replace(/[^a-z0-9-]+/gi, "-").slice(0, 40);
      const file = path.join(directory, `${stamp}-${kind}-${mail.id}.eml`);
      const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(temp, message);
      await fs.rename(temp, file);
    },
    close: () => transporter.close(),
  };
}

/** Directory of the file transport. */
export function mailDirectory(dataDir = env().DATA_DIR): string {
  return path.resolve(dataDir, "mail");
}

/** The transport the settings ask for. */
export function createTransportFromEnv(): MailTransport {
  const settings = env();
  const from = defaultFrom(settings.site, settings.MAIL_FROM);
  if (settings.SMTP_URL) return createSmtpTransport(settings.SMTP_URL, from);
  return createFileTransport(mailDirectory(settings.DATA_DIR), from);
}
