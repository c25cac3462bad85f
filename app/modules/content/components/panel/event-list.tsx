/**
 * The events tab: upcoming and past nights (by the server's clock) with date and place, status,
 * whether each is published, its gallery, which one is featured — and a warning when the featured
 * night is over and nothing upcoming is published. The quick actions — edit, make it the landing page's event, delete (asks first; the featured event is
 * refused, so the landing page always has one). Each row's actions have their own fetchers.
 */
import { CalendarPlus, EyeOff, Images, Pencil, Star, Ticket, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { AddLink, PanelScreen, useLoadErrorToast, useRowActionToast } from "~/components/panel/panel-screen";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import type { FormActionResult } from "~/lib/form-action.server";
import { eventMessages } from "../../event-form.schema";
import { EVENT_STATUS_LABELS, type EventStatus } from "../../event-status";
import { eventListFailure } from "../../events-list.schema";

/** One row of the list, as the loader sends it (dates already formatted on the server). */
export type EventListItem = {
  id: string;
  title: string;
  slug: string;
  venue: string;
  city: string;
  featured: boolean;
  published: boolean;
  status: EventStatus;
  /** Sold on the site ("site") or through the ticket link. */
  salesMode: "external" | "site";
  gallery: { title: string; slug: string; published: boolean } | null;
  timetableCount: number;
  when: string;
};

const STATUS_BADGE: Record<EventStatus, "default" | "danger" | "warning"> = {
  planned: "default",
  cancelled: "danger",
  moved: "warning",
};

const EVENTS_ACTION = "/admin/events";

type Fetcher = ReturnType<typeof useFetcher<FormActionResult>>;

const failureTitle = (intent: string | null) =>
  intent === "delete" ? eventListFailure.delete : eventListFailure.feature;

function EventRow({ event, remove }: { event: EventListItem; remove: Fetcher }) {
  const feature = useFetcher<FormActionResult>({ key: `event-feature-${event.id}` });
  const [confirming, setConfirming] = useState(false);
  useRowActionToast(feature, failureTitle);
  const deleting = remove.state !== "idle" && remove.formData?.get("eventId") === event.id;
  const busy = feature.state !== "idle" || deleting;

  return (
    <li
      data-testid="event-row"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold text-lg">
            <Link to={`/admin/events/${event.id}/edit`} className="hover:text-accent">
              {event.title}
            </Link>
          </h3>
          {event.featured ? (
            <Badge variant="accent">
              <Star aria-hidden="true" />
              Strona główna
            </Badge>
          ) : null}
          <Badge variant={STATUS_BADGE[event.status]} data-testid="event-status">
            {EVENT_STATUS_LABELS[event.status]}
          </Badge>
          {event.published ? null : (
            <Badge variant="outline">
              <EyeOff aria-hidden="true" />
              Nieopublikowane
            </Badge>
          )}
        </div>
        <p className="text-sm">
          {event.when} · {event.venue}, {event.city}
        </p>
        <p className="text-muted text-xs">
          /events/{event.slug}.ics · {event.timetableCount} w timetable
        </p>
        {event.gallery ? (
          <p className="flex items-center gap-1 text-muted text-xs">
            <Images aria-hidden="true" className="size-3" />
            Galeria: {event.gallery.title}
            {event.gallery.published ? null : " (nieopublikowana)"}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <Link to={`/admin/events/${event.id}/edit`} aria-label={`Edytuj: ${event.title}`}>
            <Pencil aria-hidden="true" />
            Edytuj
          </Link>
        </Button>
        {event.salesMode === "site" ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={`/admin/events/${event.id}/tickets`} aria-label={`Bilety: ${event.title}`}>
              <Ticket aria-hidden="true" />
              Bilety
            </Link>
          </Button>
        ) : null}
        {/* A draft cannot be the landing page's night (the server refuses it too). */}
        {event.featured || !event.published ? null : (
          <feature.Form method="post" action={EVENTS_ACTION}>
            <input type="hidden" name="intent" value="feature" />
            <input type="hidden" name="eventId" value={event.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Pokaż na stronie głównej: ${event.title}`}
            >
              <Star aria-hidden="true" />
              Na stronę główną
            </Button>
          </feature.Form>
        )}
        <DeleteButton
          label={`Usuń: ${event.title}`}
          disabled={busy}
          onClick={() => {
            if (event.featured)
              toast.error(eventMessages.deleteFailed, { description: eventMessages.deleteFeatured });
            else setConfirming(true);
          }}
        >
          Usuń
        </DeleteButton>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Usunąć wydarzenie?"
        description={`Czy na pewno chcesz usunąć wydarzenie „${event.title}” (${event.when})? Jego timetable i FAQ znikną razem z nim. Tej operacji nie można cofnąć.`}
        confirmLabel="Usuń wydarzenie"
        onConfirm={() =>
          remove.submit({ intent: "delete", eventId: event.id }, { method: "post", action: EVENTS_ACTION })
        }
      />
    </li>
  );
}

function EventSection({
  id,
  title,
  empty,
  events,
  remove,
}: {
  id: string;
  title: string;
  empty: string;
  events: EventListItem[];
  remove: Fetcher;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3" data-testid={id}>
      <h3 id={id} className="font-display text-xl">
        {title} <span className="text-muted text-base">({events.length})</span>
      </h3>
      {events.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-4 text-center text-muted text-sm">
          {empty}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={title}>
          {events.map((event) => (
            <EventRow key={event.id} event={event} remove={remove} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function EventsPanel({
  upcoming,
  past,
  noNextNight,
  loadError,
}: {
  upcoming: EventListItem[];
  past: EventListItem[];
  noNextNight: boolean;
  loadError: string | null;
}) {
  // One delete fetcher for the list: a deleted row unmounts, the panel still announces the result.
  const remove = useFetcher<FormActionResult>({ key: "event-delete" });
  useRowActionToast(remove, failureTitle);
  useLoadErrorToast(loadError);

  return (
    <PanelScreen
      name="events"
      title="Wydarzenia"
      description="Strona główna, jej dane strukturalne i plik .ics pokazują wydarzenie oznaczone „Strona główna”."
      actions={<AddLink to="/admin/events/new" label="Dodaj wydarzenie" icon={CalendarPlus} size="default" />}
    >
      {loadError ? (
        <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-4 text-danger">
          <p className="font-semibold">{loadError}</p>
          <p className="text-sm">Odśwież stronę, aby spróbować ponownie.</p>
        </div>
      ) : upcoming.length + past.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted">
          Brak wydarzeń. Dodaj pierwsze — strona główna pokaże je po wyróżnieniu.
        </p>
      ) : (
        <>
          {noNextNight ? (
            <div
              role="alert"
              data-testid="no-next-night"
              className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-4 text-warning"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">
                  Wyróżnione wydarzenie już się odbyło, a nie ma opublikowanego kolejnego.
                </p>
                <p className="text-sm">
                  Strona główna nie ma czego zapowiadać. Dodaj i opublikuj następne wydarzenie.
                </p>
              </div>
            </div>
          ) : null}
          <EventSection
            id="events-upcoming"
            title="Nadchodzące"
            empty="Brak nadchodzących wydarzeń."
            events={upcoming}
            remove={remove}
          />
          <EventSection
            id="events-past"
            title="Minione"
            empty="Brak minionych wydarzeń."
            events={past}
            remove={remove}
          />
        </>
      )}
    </PanelScreen>
  );
}
