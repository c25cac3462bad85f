/** The e-mails a test server wrote as .eml files under its data dir (no SMTP in tests), decoded. */
import fs from "node:fs";
import path from "node:path";

/** Decodes a quoted-printable .eml (soft line breaks, =XX bytes as UTF-8). */
export function decodeQuotedPrintable(raw: string) {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The decoded e-mails of one kind (`X-Mail-Kind`) sent to `to` by the server of `dataDir`. */
export function mailsIn(dataDir: string, to: string, kind: string) {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((content) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(content))
    .filter((content) => new RegExp(`^X-Mail-Kind: ${kind}\\s*$`, "mi").test(content))
    .map(decodeQuotedPrintable);
}

/** The raw (undecoded) e-mails of one kind sent to `to`: for their attachments (`mailAttachments`). */
export function rawMailsIn(dataDir: string, to: string, kind: string) {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((content) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(content))
    .filter((content) => new RegExp(`^X-Mail-Kind: ${kind}\\s*$`, "mi").test(content));
}

export type MailAttachment = { contentType: string; filename: string | null; content: Buffer };

/**
 * The base64 parts of a raw e-mail (nodemailer writes attachments so), found through every multipart
 * boundary: enough for the files our outbox attaches (the e-tickets' PDF, the night's .ics).
 */
export function mailAttachments(raw: string): MailAttachment[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]);
  const parts = boundaries.flatMap((boundary) => raw.split(`--${boundary}`).slice(1));
  return parts.flatMap((part) => {
    // What follows a closing boundary ("--b--") is no part.
    if (part.startsWith("--")) return [];
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) return [];
    const headers = part.slice(0, split.index).replace(/\r?\n[ \t]+/g, " ");
    if (!/^Content-Transfer-Encoding:\s*base64/im.test(headers)) return [];
    if (/^Content-Type:\s*multipart\//im.test(headers)) return [];
    const contentType = /^Content-Type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase() ?? "";
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? null;
    const body = part.slice(split.index + split[0].length).replace(/[^A-Za-z0-9+/=]/g, "");
    return [{ contentType, filename, content: Buffer.from(body, "base64") }];
  });
}
