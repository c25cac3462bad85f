import { Link } from "react-router";
import { formatLongDate, formatTime } from "~/lib/dates";
import { getFeaturedEventSummary } from "~/modules/content/events.server";
import type { Route } from "./+types/home";

export async function loader() {
  return { event: await getFeaturedEventSummary() };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  {
    title: data?.event
      ? `${data.event.title} — ${formatLongDate(data.event.startsAt)}, ${data.event.city}`
      : "NOKTURN",
  },
  { name: "description", content: "Club nights i rave we Wrocławiu. Bilety, timetable, rezydenci i merch." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <>
      <section className="relative flex min-h-[100svh] items-center justify-center overflow-hidden pt-16">
        <div className="container-page text-center">
          <h1 className="font-display text-6xl md:text-8xl">{event?.title ?? "NOKTURN"}</h1>
          {event ? (
            <p className="mt-4 text-lg text-muted">
              {formatLongDate(event.startsAt)}, {formatTime(event.startsAt)} · {event.venue}, {event.city}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            {event?.ticketUrl ? (
              <a
                href={event.ticketUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-md bg-accent px-8 py-4 font-display text-accent-foreground"
              >
                KUP BILET
              </a>
            ) : null}
            <Link to="#agenda" className="rounded-md border border-foreground px-8 py-4 font-display">
              TIMETABLE
            </Link>
          </div>
        </div>
      </section>
      <section id="agenda" className="container-page min-h-[80vh] py-24">
        <h2 className="font-display text-4xl">Timetable</h2>
      </section>
      <section id="about" className="container-page py-24">
        <h2 className="font-display text-4xl">Kontakt</h2>
      </section>
    </>
  );
}
