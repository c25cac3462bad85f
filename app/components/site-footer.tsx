import { Link } from "react-router";
import type { SiteConfig } from "~/lib/site";
import { NewTabLink } from "./new-tab-link";

/** The information pages, named once; the footer lists them in this order, the legal aside in its own. */
export const infoPages = {
  shipping: { to: "/shipping", label: "Dostawa" },
  returns: { to: "/returns", label: "Zwroty i reklamacje" },
  terms: { to: "/terms", label: "Regulamin" },
  privacy: { to: "/privacy-policy", label: "Polityka prywatności" },
  accessibility: { to: "/deklaracja-dostepnosci", label: "Deklaracja dostępności" },
  contact: { to: "/contact", label: "Kontakt" },
} as const;

/** A footer column of links: the site's own pages, or other sites' (opened in a new tab). */
function FooterNav({
  label,
  heading,
  links,
  external = false,
}: {
  label: string;
  heading: string;
  links: { to: string; label: string }[];
  external?: boolean;
}) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-bold uppercase tracking-widest text-muted">{heading}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            {external ? (
              <NewTabLink href={link.to} className="hover:text-accent">
                {link.label}
              </NewTabLink>
            ) : (
              <Link to={link.to} className="hover:text-accent">
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ site }: { site: SiteConfig }) {
  const socials = [
    { to: site.social.instagram, label: "Instagram" },
    { to: site.social.facebook, label: "Facebook" },
    { to: site.social.soundcloud, label: "SoundCloud" },
    { to: site.social.youtube, label: "YouTube" },
    { to: site.social.tiktok, label: "TikTok" },
  ];
  return (
    <footer className="mt-24 border-t border-border bg-surface print:hidden" data-testid="site-footer">
      <div className="container-page grid gap-10 py-12 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="font-display text-4xl text-foreground">{site.name}</p>
          <p className="mt-3 max-w-sm text-muted">
            Club nights i rave {site.cityLocative}. Techno, bouncy i ludzie, którzy przychodzą tańczyć.
          </p>
          <p className="mt-6 text-sm text-muted">
            Kontakt:{" "}
            <a
              href={`mailto:${site.email}`}
              className="font-bold text-foreground underline-offset-4 hover:text-accent hover:underline"
            >
              {site.email}
            </a>
          </p>
        </div>
        <FooterNav label="Informacje" heading="Informacje" links={Object.values(infoPages)} />
        <FooterNav label="Media społecznościowe" heading="Social" links={socials} external />
      </div>
      <div className="border-t border-border">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-muted md:flex-row md:justify-between">
          <p>
            © {new Date().getFullYear()} {site.seller.company}. Wszystkie ceny zawierają VAT.
          </p>
          <p>
            {site.seller.address} · NIP {site.seller.nip} · KRS {site.seller.krs}
          </p>
        </div>
      </div>
    </footer>
  );
}
