/**
 * The items of an order as a compact table (shipping, delivery, withdrawal and refund e-mails) and as
 * plain-text lines; the greeting and the plain-text frame those messages share.
 */
import { formatPrice } from "~/lib/money";
import { type EmailSite, EmailSubheading, EmailTable, emailColors } from "./email-layout";

export type EmailOrderItem = {
  name: string;
  size?: string | null;
  quantity: number;
  /** Grosze; omitted where the e-mail shows no prices. */
  pricePerUnit?: number;
};

export function emailItemLabel(item: EmailOrderItem) {
  const name = item.name || "Produkt";
  return item.size ? `${name} (rozmiar ${item.size})` : name;
}

/** The items as plain-text lines, under their title when given ("W paczce:"). */
export function emailItemLines(items: EmailOrderItem[], title?: string): string[] {
  const lines = items.map((item) =>
    item.pricePerUnit === undefined
      ? `- ${emailItemLabel(item)} × ${item.quantity}`
      : `- ${emailItemLabel(item)} × ${item.quantity} = ${formatPrice(item.pricePerUnit * item.quantity)}`,
  );
  return title ? [`${title}:`, ...lines] : lines;
}

/** A cell of an item row (here and in the order confirmation's priced table). */
export const itemCell = {
  fontSize: "14px",
  padding: "8px 0",
  borderBottom: `1px solid ${emailColors.border}`,
  color: emailColors.text,
};

/** The items as a table, under their title when given ("W paczce"). */
export function EmailItems({ items, title }: { items: EmailOrderItem[]; title?: string }) {
  return (
    <>
      {title ? <EmailSubheading>{title}</EmailSubheading> : null}
      <EmailTable>
        {items.map((item, index) => (
          <tr key={`${item.name}-${item.size ?? ""}-${index}`}>
            <td style={itemCell}>{emailItemLabel(item)}</td>
            <td style={{ ...itemCell, textAlign: "right", whiteSpace: "nowrap", color: emailColors.muted }}>
              × {item.quantity}
              {item.pricePerUnit === undefined ? null : (
                <span style={{ color: emailColors.text }}>
                  {" "}
                  · {formatPrice(item.pricePerUnit * item.quantity)}
                </span>
              )}
            </td>
          </tr>
        ))}
      </EmailTable>
    </>
  );
}

/** "Cześć Ola," from a full name, or a neutral greeting. */
export function greeting(name: string | null | undefined) {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Cześć ${first},` : "Cześć,";
}

/**
 * The plain-text part of a message, written by hand so it reads well in text-only clients: the heading,
 * a blank line, the body and the shop's footer.
 */
export function textMessage(site: EmailSite, heading: string, body: string[]) {
  return [
    heading,
    "",
    ...body,
    "",
    "--",
    `${site.name} · ${site.url}`,
    `${site.seller.company}, ${site.seller.address}`,
    site.email,
  ].join("\n");
}
