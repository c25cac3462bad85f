import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Polish not-found view of an event-site page (unknown artist or archive event), shown with HTTP 404. */
export function ContentNotFound({
  title,
  text,
  linkTo,
  linkLabel,
  code = "404",
}: {
  code?: string;
  title: string;
  text: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <section
      className="container-page flex min-h-[70vh] flex-col items-center justify-center gap-6 pt-28 pb-16 text-center"
      data-testid="content-not-found"
    >
      <p
        aria-hidden="true"
        className="font-display text-[7rem] font-black leading-none text-hot md:text-[10rem]"
      >
        {code}
      </p>
      <h1 className="font-display text-4xl font-black tracking-tight md:text-6xl">{title}</h1>
      <p className="max-w-md text-lg text-muted">{text}</p>
      <Link to={linkTo} className={cn(buttonVariants({ size: "lg" }), "font-display font-black")}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {linkLabel}
      </Link>
    </section>
  );
}

/** Any other failure of an event-site page: a Polish message and a way back (details stay in the log). */
export function ContentError() {
  return (
    <ContentNotFound
      title="Coś poszło nie tak"
      text="Nie udało się wczytać tej strony. Spróbuj ponownie za chwilę."
      linkTo="/"
      linkLabel="Wróć na stronę główną"
      code="BŁĄD"
    />
  );
}
