/**
 * A legal document page: the header, the text, and beside it (below it on phones) the seller's details,
 * links to the related documents and a print button (a durable copy of the terms, as the law expects).
 */
import { Download, Printer } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { infoPages } from "~/components/site-footer";
import { Button } from "~/components/ui/button";
import type { SiteConfig } from "~/lib/site";
import { cn } from "~/lib/utils";
import { InfoPageHeader } from "./info-page";
import { WITHDRAWAL_FORM_PATH } from "./withdrawal-form-document";

const documents = [
  infoPages.terms,
  infoPages.privacy,
  infoPages.returns,
  infoPages.shipping,
  infoPages.accessibility,
  infoPages.contact,
];

function PrintButton() {
  // Printing needs JavaScript: the button appears once the page is interactive.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Button type="button" variant="secondary" size="sm" className="w-full" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      Drukuj lub zapisz PDF
    </Button>
  );
}

/** The model withdrawal form's download: in the documents list on wide screens, a button on phones. */
function WithdrawalFormLink({ className }: { className: string }) {
  return (
    <a href={WITHDRAWAL_FORM_PATH} download className={className}>
      <Download aria-hidden="true" className="size-4" />
      Formularz odstąpienia (.txt)
    </a>
  );
}

function DocumentAside({ site }: { site: Pick<SiteConfig, "email" | "seller"> }) {
  const { pathname } = useLocation();
  return (
    <aside
      aria-label="Sprzedawca i powiązane dokumenty"
      className="grid gap-4 self-start print:hidden lg:sticky lg:top-28"
    >
      <div className="rounded-lg border border-border bg-surface p-5 text-sm">
        <h2 className="font-bold text-muted text-xs uppercase tracking-widest">Sprzedawca</h2>
        <address className="mt-3 grid gap-1 text-foreground/85 not-italic leading-relaxed">
          <span className="font-semibold text-foreground">{site.seller.company}</span>
          <span>{site.seller.address}</span>
          <span>NIP {site.seller.nip}</span>
          <span>REGON {site.seller.regon}</span>
          <span>KRS {site.seller.krs}</span>
          <a
            href={`mailto:${site.email}`}
            className="mt-2 [overflow-wrap:anywhere] font-semibold text-accent hover:underline"
          >
            {site.email}
          </a>
          <a href={`tel:${site.seller.phone.replace(/\s+/g, "")}`} className="hover:text-accent">
            {site.seller.phone}
          </a>
        </address>
      </div>
      <nav
        aria-label="Dokumenty"
        className="hidden rounded-lg border border-border bg-surface p-5 text-sm lg:block"
      >
        <h2 className="font-bold text-muted text-xs uppercase tracking-widest">Dokumenty</h2>
        <ul className="mt-3 grid gap-1">
          {documents.map((doc) => (
            <li key={doc.to}>
              <Link
                to={doc.to}
                aria-current={pathname === doc.to ? "page" : undefined}
                className={cn(
                  "block rounded-sm py-1 text-foreground/85 hover:text-accent",
                  "aria-[current=page]:font-semibold aria-[current=page]:text-accent",
                )}
              >
                {doc.label}
              </Link>
            </li>
          ))}
          <li>
            <WithdrawalFormLink className="flex items-center gap-2 rounded-sm py-1 text-foreground/85 hover:text-accent" />
          </li>
        </ul>
      </nav>
      <WithdrawalFormLink className="flex items-center justify-center gap-2 rounded-sm border border-border bg-surface-2 px-3 py-2 font-bold text-xs uppercase tracking-wide hover:border-muted lg:hidden" />
      <PrintButton />
    </aside>
  );
}

export function LegalDocumentPage({
  site,
  children,
  ...header
}: Omit<ComponentProps<typeof InfoPageHeader>, "eyebrow"> & {
  site: ComponentProps<typeof DocumentAside>["site"];
}) {
  return (
    <>
      <InfoPageHeader eyebrow="Informacje" {...header} />
      <div className="container-page grid gap-12 py-10 md:py-14 lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-16 xl:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="min-w-0">{children}</div>
        <DocumentAside site={site} />
      </div>
    </>
  );
}
