import { Link } from "react-router";

/** The catch-all not-found page (SPEC: 'Oops! Page not found' with a link home). */
export function NotFoundView() {
  return (
    <section className="container-page flex min-h-[70vh] flex-col items-center justify-center gap-6 pt-24 text-center">
      <p aria-hidden="true" className="font-display text-[7rem] leading-none text-accent md:text-[10rem]">
        404
      </p>
      <h1 className="text-2xl font-bold md:text-3xl">Oops! Page not found</h1>
      <p className="max-w-md text-muted">Tej strony nie ma — może zgasło światło. Wróć na parkiet.</p>
      <Link
        to="/"
        className="rounded-md bg-accent px-6 py-3 font-bold uppercase tracking-wide text-accent-foreground hover:brightness-110"
      >
        Wróć na stronę główną
      </Link>
    </section>
  );
}
