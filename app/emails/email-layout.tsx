/**
 * The shared frame of every e-mail: a dark header with the brand name and a lime accent, a light
 * content card (readable in every client, also in dark mode) that opens with the message's heading,
 * and the seller's details in the footer. Inline styles only: mail clients ignore stylesheets.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { SiteConfig } from "~/lib/site";

export const emailColors = {
  ink: "#07060b",
  header: "#07060b",
  accent: "#c6ff3d",
  accentInk: "#0b0a10",
  hot: "#ff2e88",
  page: "#f1eff5",
  card: "#ffffff",
  text: "#1c1a22",
  muted: "#5d5868",
  border: "#e2dfe8",
};

const fontStack = "'Helvetica Neue', Helvetica, Arial, sans-serif";

export type EmailSite = Pick<SiteConfig, "name" | "email" | "url" | "seller">;

export function EmailLayout({
  site,
  preview,
  heading,
  children,
}: {
  site: EmailSite;
  /** Inbox preview line. */
  preview: string;
  /** The message's title, the first line of the card. */
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="pl" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: emailColors.page, margin: 0, padding: "24px 0", fontFamily: fontStack }}
      >
        <Container style={{ maxWidth: "600px", width: "100%", margin: "0 auto" }}>
          <Section
            style={{
              backgroundColor: emailColors.header,
              borderTop: `6px solid ${emailColors.accent}`,
              padding: "28px 32px",
            }}
          >
            <Link
              href={site.url}
              style={{
                color: emailColors.accent,
                fontSize: "28px",
                fontWeight: 900,
                letterSpacing: "2px",
                textDecoration: "none",
                textTransform: "uppercase",
              }}
            >
              {site.name}
            </Link>
          </Section>
          <Section style={{ backgroundColor: emailColors.card, padding: "32px" }}>
            <EmailHeading>{heading}</EmailHeading>
            {children}
          </Section>
          <Section style={{ padding: "20px 32px" }}>
            <Text style={footerText}>
              {site.seller.company}, {site.seller.address}
              <br />
              NIP {site.seller.nip} · REGON {site.seller.regon}
              <br />
              <Link href={`mailto:${site.email}`} style={{ ...footerText, textDecoration: "underline" }}>
                {site.email}
              </Link>{" "}
              ·{" "}
              <Link href={site.url} style={{ ...footerText, textDecoration: "underline" }}>
                {site.url.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const footerText: CSSProperties = {
  color: emailColors.muted,
  fontSize: "12px",
  lineHeight: "18px",
  margin: 0,
};

/** The message's title, at the top of the card. */
function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{
        color: emailColors.text,
        fontSize: "22px",
        fontWeight: 800,
        lineHeight: "30px",
        margin: "0 0 16px",
      }}
    >
      {children}
    </Heading>
  );
}

export function EmailText({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Text
      style={{ color: emailColors.text, fontSize: "15px", lineHeight: "24px", margin: "0 0 16px", ...style }}
    >
      {children}
    </Text>
  );
}

/** The call to action: lime on dark ink, like the site's buttons. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: emailColors.accent,
        borderRadius: "4px",
        color: emailColors.accentInk,
        display: "inline-block",
        fontSize: "14px",
        fontWeight: 800,
        letterSpacing: "1px",
        padding: "14px 24px",
        textDecoration: "none",
        textTransform: "uppercase",
      }}
    >
      {children}
    </Button>
  );
}

/** The button on a line of its own, with room around it. */
export function EmailAction({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <EmailButton href={href}>{children}</EmailButton>
    </Section>
  );
}

export function EmailDivider() {
  return <Hr style={{ borderColor: emailColors.border, margin: "24px 0" }} />;
}

/** How a message ends when it leads somewhere: its button, a rule, and the small print (returns, unsubscribe…). */
export function EmailActionWithSmallPrint({
  action,
  children,
}: {
  action: { href: string; label: string };
  /** The small print. */
  children: ReactNode;
}) {
  return (
    <>
      <EmailAction href={action.href}>{action.label}</EmailAction>
      <EmailDivider />
      <EmailNote>{children}</EmailNote>
    </>
  );
}

/** Small print: validity, "not you?", the right of withdrawal. */
export function EmailNote({ children }: { children: ReactNode }) {
  return <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>{children}</EmailText>;
}

/** A bold line above a block (the items, the delivery address). */
export function EmailSubheading({ children }: { children: ReactNode }) {
  return <EmailText style={{ fontWeight: 700, marginBottom: "4px" }}>{children}</EmailText>;
}

/** A link inside a sentence, in the text colour. */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: emailColors.text }}>
      {children}
    </Link>
  );
}

/** The button's address spelled out, for clients that do not show the button. */
export function EmailButtonFallback({ href }: { href: string }) {
  return (
    <>
      Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:
      <br />
      <Link href={href} style={{ color: emailColors.text, wordBreak: "break-all" }}>
        {href}
      </Link>
    </>
  );
}

/** A full-width layout table (mail clients lay out tables reliably; divs not). */
export function EmailTable({ children }: { children: ReactNode }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: "100%", marginBottom: "16px" }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

/** A label/value list (order details, sender details…). */
export function EmailDetails({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <EmailTable>
      {rows.map((row) => (
        <tr key={row.label}>
          <td
            style={{
              color: emailColors.muted,
              fontSize: "13px",
              padding: "8px 12px 6px 0",
              verticalAlign: "top",
              whiteSpace: "nowrap",
              width: "1%",
            }}
          >
            {row.label}:
          </td>
          <td style={{ color: emailColors.text, fontSize: "15px", padding: "6px 0", verticalAlign: "top" }}>
            {row.value}
          </td>
        </tr>
      ))}
    </EmailTable>
  );
}
