/** The items of an order as a compact table (shipping and delivery e-mails) and as plain-text lines. */
import { formatPrice } from "~/lib/money";
import { EmailTable, emailColors } from "./email-layout";

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

export function emailItemLines(items: EmailOrderItem[]): string[] {
  return items.map((item) =>
    item.pricePerUnit === undefined
      ? `- ${emailItemLabel(item)} × ${item.quantity}`
      : `- ${emailItemLabel(item)} × ${item.quantity} = ${formatPrice(item.pricePerUnit * item.quantity)}`,
  );
}

/** A cell of an item row (here and in the order confirmation's priced table). */
export const itemCell = {
  fontSize: "14px",
  padding: "8px 0",
  borderBottom: `1px solid ${emailColors.border}`,
  color: emailColors.text,
};

export function EmailItems({ items }: { items: EmailOrderItem[] }) {
  return (
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
  );
}

/** "Cześć Ola," from a full name, or a neutral greeting. */
export function greeting(name: string | null | undefined) {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Cześć ${first},` : "Cześć,";
}

/** The plain-text footer every message ends with. */
export function textFooter(site: {
  name: string;
  url: string;
  email: string;
  seller: { company: string; address: string };
}) {
  return [
    "",
    "--",
    `${site.name} · ${site.url}`,
    `${site.seller.company}, ${site.seller.address}`,
    site.email,
  ];
}
