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
