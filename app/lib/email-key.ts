/**
 * One address, one key: what per-customer limits and "Powiadom mnie" alerts count by. Lower case and
 * trimmed; the `+tag` of the local part dropped (every big provider delivers `ola+1@` to `ola@`); for
 * Gmail, whose local parts ignore dots, the dots too, and googlemail.com is gmail.com. Not a validator:
 * a string without exactly one `@` comes back lower-cased and trimmed.
 */
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0 || at !== address.indexOf("@") || at === address.length - 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
