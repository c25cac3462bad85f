import { ArrowLeft } from "lucide-react";
import type { ComponentProps } from "react";
import { isRouteErrorResponse, Link } from "react-router";
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

type NotFoundView = Omit<ComponentProps<typeof ContentNotFound>, "code">;

/** What the not-found views of the event-site pages with a slug say, and where they lead back to. */
export const notFoundViews = {
  artist: {
    title: "ARTYSTA NIE ZNALEZIONY",
    text: "Nie mamy artysty pod tym adresem. Sprawdź, kto gra na najbliższej imprezie.",
    linkTo: "/#agenda",
    linkLabel: "Zobacz timetable",
  },
  archive: {
    title: "Wydarzenie nie znalezione",
    text: "W archiwum nie ma wydarzenia pod tym adresem.",
    linkTo: "/#archiwum",
    linkLabel: "Wróć do archiwum",
  },
} satisfies Record<string, NotFoundView>;

/**
 * An event-site route's ErrorBoundary: its not-found view for a 404 thrown by its loader, the generic
 * error for anything else.
 */
export function ContentRouteError({ error, notFound }: { error: unknown; notFound: NotFoundView }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ContentNotFound {...notFound} />;
  return <ContentError />;
}
