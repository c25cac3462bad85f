import { Link } from "react-router";

/** The site's own not-found page, and the shop's look of it for a product that is not sold. */
const looks = {
  site: {
    code: "font-display text-[7rem] leading-none text-accent md:text-[10rem]",
    title: "text-2xl font-bold md:text-3xl",
    link: "rounded-md bg-accent px-6 py-3 font-bold uppercase tracking-wide text-accent-foreground hover:brightness-110",
  },
  shop: {
    code: "font-display text-[6rem] text-hot leading-none md:text-[8rem]",
    title: "font-display text-3xl md:text-5xl",
    link: "rounded-sm bg-accent px-6 py-3 font-bold text-accent-foreground uppercase tracking-wide hover:shadow-glow",
  },
};

/**
 * A not-found view: "404", what is missing and the way back. By default the catch-all page (SPEC:
 * 'Oops! Page not found' with a link home).
 */
export function NotFoundView({
  look = "site",
  title = "Oops! Page not found",
  text = "Tej strony nie ma — może zgasło światło. Wróć na parkiet.",
  linkTo = "/",
  linkLabel = "Wróć na stronę główną",
}: {
  look?: keyof typeof looks;
  title?: string;
  text?: string;
  linkTo?: string;
  linkLabel?: string;
}) {
  const classes = looks[look];
  return (
    <section className="container-page flex min-h-[70vh] flex-col items-center justify-center gap-6 pt-24 text-center">
      <p aria-hidden="true" className={classes.code}>
        404
      </p>
      <h1 className={classes.title}>{title}</h1>
      <p className="max-w-md text-muted">{text}</p>
      <Link to={linkTo} className={classes.link}>
        {linkLabel}
      </Link>
    </section>
  );
}
