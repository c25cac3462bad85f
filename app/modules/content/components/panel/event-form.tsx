/**
 * The event form (issue #9): details, date and place (Europe/Warsaw time), tickets, hero media, the
 * manifesto, the timetable per stage and the FAQ. Conform validates in the browser with the schema the
 * action uses; a server refusal (a taken slug…) comes back on its field with everything typed kept.
 * Leaving with unsaved changes asks first.
 */

import { Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { CheckboxError, CheckboxField } from "~/components/panel/checkbox-field";
import { TextareaField, TextField } from "~/components/panel/form-in-dialog";
import { FormSection } from "~/components/panel/form-layout";
import { PageForm, usePageForm } from "~/components/panel/form-page";
import { type NameSlugCopy, NameSlugFields } from "~/components/panel/name-slug-fields";
import { RepeatableRows, RowOrderButtons } from "~/components/panel/repeatable-rows";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField, FormInput, SelectField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toaster";
import type { FormActionResult } from "~/lib/form-action.server";
import type { ImageRef } from "~/lib/images";
import { STAGE_LABELS, STAGES } from "~/modules/content/timetable";
import {
  type EventFormDefaults,
  eventConstraint,
  eventFormSchema,
  eventMessages,
  TICKET_SALES_MODES,
  ticketSalesModeLabels,
} from "../../event-form.schema";
import { EVENT_STATUS_LABELS, EVENT_STATUSES } from "../../event-status";
import { EventPosterField } from "./event-poster-field";

/** What adds a row to each list, and what shows while it has none. */
const TIMETABLE_ROWS = {
  newRow: { stage: "main", startTime: "", name: "", artistId: "" },
  addLabel: "Dodaj występ",
  emptyText: "Brak występów: timetable na stronie będzie pusty.",
};
const FAQ_ROWS = {
  newRow: { question: "", answer: "" },
  addLabel: "Dodaj pytanie",
  emptyText: "Brak pytań: sekcja FAQ będzie pusta.",
};
/** A timetable row's fields: their labels are for screen readers on wide screens (the row reads as a table). */
const SLOT_FIELD = "sm:[&_label]:sr-only";
const SLOT_CONTROL = "h-9 text-sm";

const NAME_SLUG_COPY: NameSlugCopy = {
  nameLabel: "Tytuł",
  slugPrefix: "/events/",
  slugHint: {
    manual: "Małe litery, cyfry i myślniki; używany w adresie pliku .ics.",
    followsName: "Tworzony z tytułu. Zmień go ręcznie, jeśli chcesz.",
  },
};

function announceRefusal(refusal: FormActionResult, fieldMessage: string | undefined) {
  toast.error(eventMessages.saveFailed, { description: refusal.message || fieldMessage });
}

function galleryTitle(gallery: { title: string; published: boolean }) {
  return gallery.published ? gallery.title : `${gallery.title} (nieopublikowana)`;
}

function parsePoster(json: string): ImageRef | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ImageRef;
  } catch {
    return null;
  }
}

export function EventForm({
  mode,
  defaults,
  artists,
  galleries,
  actionData,
  publicHref,
  ticketsHref,
}: {
  mode: "create" | "edit";
  defaults: EventFormDefaults;
  artists: { id: string; name: string }[];
  /** Every gallery, published or not: a night's gallery may still be a draft. */
  galleries: { id: string; title: string; published: boolean }[];
  actionData: FormActionResult | undefined;
  /** The event's .ics (edit only). */
  publicHref?: string;
  /** The night's "Bilety" page (edit only). */
  ticketsHref?: string;
}) {
  const [poster, setPoster] = useState<ImageRef | null>(() => parsePoster(defaults.heroPoster));
  const [uploading, setUploading] = useState(false);
  const posterJson = poster ? JSON.stringify(poster) : "";
  // Featured stays on until another event takes over (the landing page always has one).
  const lockedFeatured = mode === "edit" && defaults.featured;

  const pageForm = usePageForm({
    id: "event-form",
    schema: eventFormSchema,
    constraint: eventConstraint,
    defaultValue: defaults,
    actionData,
    announceRefusal,
    uploading,
    uploadingRefusal: "Poczekaj, aż plakat się prześle",
    changedOutsideFields: posterJson !== defaults.heroPoster,
  });
  const { form, fields } = pageForm;

  const artistNames = useMemo(() => new Map(artists.map((artist) => [artist.id, artist.name])), [artists]);
  const galleryTitles = useMemo(
    () => new Map(galleries.map((gallery) => [gallery.id, galleryTitle(gallery)])),
    [galleries],
  );

  return (
    <PageForm
      form={form}
      state={pageForm}
      header={{
        backTo: "/admin/events",
        backLabel: "Wydarzenia",
        titleId: "event-form-heading",
        title: mode === "create" ? "Nowe wydarzenie" : "Edycja wydarzenia",
        external: publicHref
          ? { href: publicHref, label: defaults.featured ? "Zobacz stronę główną" : "Pobierz plik .ics" }
          : null,
      }}
      uploading={uploading}
      uploadingStatus="Przesyłanie plakatu…"
      saveLabel={mode === "create" ? "Dodaj wydarzenie" : "Zapisz zmiany"}
    >
      <FormSection
        id="event-section-basic"
        title="Podstawowe informacje"
        description="Tytuł, adres pliku kalendarza, czy wydarzenie jest na stronie głównej i czy jest opublikowane, jego status i galeria."
      >
        <NameSlugFields form={form} name={fields.title} slug={fields.slug} copy={NAME_SLUG_COPY} />
        {lockedFeatured ? (
          <div className="flex items-start gap-3 text-sm">
            <input type="hidden" name={fields.featured.name} value="on" />
            <Checkbox
              id={fields.featured.id}
              checked
              disabled
              readOnly
              aria-describedby={`${fields.featured.id}-hint`}
            />
            <label htmlFor={fields.featured.id}>
              <span className="font-semibold">Na stronie głównej</span>
              <span id={`${fields.featured.id}-hint`} className="block text-muted">
                To wydarzenie pokazuje strona główna. Aby je zmienić, wyróżnij inne wydarzenie.
              </span>
            </label>
          </div>
        ) : (
          <CheckboxField
            field={fields.featured}
            label="Na stronie głównej"
            hint="Strona główna, jej dane strukturalne i plik .ics pokażą to wydarzenie zamiast obecnego."
          />
        )}
        <CheckboxError errors={fields.featured.errors} />
        <CheckboxField
          field={fields.published}
          label="Opublikowane"
          hint="Tylko opublikowane wydarzenia są na stronie: zapowiedzi, strona wydarzenia, archiwum."
        />
        <CheckboxError errors={fields.published.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={fields.status}
            label="Status"
            description="Odwołane i przeniesione strona pokazuje z takim oznaczeniem."
            options={EVENT_STATUSES}
            optionLabel={EVENT_STATUS_LABELS}
          />
          <SelectField
            field={fields.galleryId}
            label="Galeria"
            description="Zdjęcia z tej nocy: archiwum linkuje do galerii, gdy jest opublikowana."
            placeholder="Bez galerii"
            options={[...galleryTitles.keys()]}
            optionLabel={galleryTitles}
            missingLabel="Usunięta galeria"
          />
        </div>
      </FormSection>

      <FormSection
        id="event-section-when"
        title="Termin i miejsce"
        description="Daty i godziny w czasie polskim (Europe/Warsaw)."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.startsAt}
            label="Początek"
            required
            type="datetime-local"
            autoComplete="off"
          />
          <TextField field={fields.endsAt} label="Koniec" required type="datetime-local" autoComplete="off" />
          <TextField
            field={fields.lastEntry}
            label="Ostatnie wejście"
            description="Godzina, np. 03:00"
            placeholder="03:00"
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField field={fields.venue} label="Miejsce (klub)" required autoComplete="off" />
          <TextField field={fields.city} label="Miasto" required autoComplete="off" />
          <TextField
            field={fields.address}
            label="Adres"
            description="np. ul. Ruska 51, 50-079 Wrocław"
            autoComplete="off"
          />
        </div>
      </FormSection>

      <FormSection
        id="event-section-tickets"
        title="Bilety"
        description="Jak sprzedajemy bilety: przez link do zewnętrznego sprzedawcy (KUP BILET) albo na stronie (pule biletów ustawisz na stronie Bilety tego wydarzenia)."
      >
        <SelectField
          field={fields.salesMode}
          label="Sprzedaż biletów"
          description="Na stronie: link nie jest potrzebny. Noc ze sprzedanymi biletami nie wraca do zewnętrznego sprzedawcy."
          options={TICKET_SALES_MODES}
          optionLabel={ticketSalesModeLabels}
        />
        {mode === "edit" && defaults.salesMode === "site" && ticketsHref ? (
          <p className="text-sm">
            <Link to={ticketsHref} className="font-semibold text-accent underline underline-offset-4">
              Bilety tej nocy: pule, ustawienia, sprzedaż
            </Link>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            field={fields.ticketUrl}
            label="Link do biletów"
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="off"
          />
          <TextField
            field={fields.ticketPrice}
            label="Cena biletu (zł)"
            inputMode="decimal"
            description="np. 89,00"
            autoComplete="off"
          />
        </div>
      </FormSection>

      <FormSection
        id="event-section-hero"
        title="Hero"
        description="Wideo w tle i plakat. Wideo musi być plikiem z naszej strony (zasady bezpieczeństwa przeglądarki)."
      >
        <TextField
          field={fields.heroVideo}
          label="Wideo w tle"
          description="Ścieżka na naszej stronie, np. /media/wideo/hero.mp4. Puste: sam plakat."
          autoComplete="off"
        />
        <EventPosterField
          name={fields.heroPoster.name}
          poster={poster}
          onChange={setPoster}
          errors={fields.heroPoster.errors}
          onUploadingChange={setUploading}
        />
      </FormSection>

      <FormSection
        id="event-section-manifesto"
        title="Manifest"
        description="Tekst sekcji Manifest na stronie głównej."
      >
        <TextareaField field={fields.manifesto} label="Manifest" rows={6} />
      </FormSection>

      <FormSection
        id="event-section-timetable"
        title="Timetable"
        description="Występy na main i bouncy stage. Bez godziny strona pokaże SOON. Kolejność na stronie wynika z godzin."
      >
        <RepeatableRows form={form} list={fields.timetable} {...TIMETABLE_ROWS}>
          {(row, controls) => {
            const label = `pozycja ${controls.index + 1}`;
            return (
              <li
                data-testid="timetable-row"
                className="grid gap-2 rounded-md border border-border bg-surface-2/50 p-3 sm:grid-cols-[9rem_6rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
              >
                <SelectField
                  field={row.stage}
                  label={`Scena — ${label}`}
                  className={SLOT_FIELD}
                  selectProps={{ className: SLOT_CONTROL }}
                  options={STAGES}
                  optionLabel={STAGE_LABELS}
                />
                <FormField field={row.startTime} label={`Godzina — ${label}`} className={SLOT_FIELD}>
                  <FormInput
                    field={row.startTime}
                    placeholder="SOON"
                    inputMode="numeric"
                    autoComplete="off"
                    className="h-9 text-sm tabular-nums"
                  />
                </FormField>
                <FormField field={row.name} label={`Nazwa — ${label}`} className={SLOT_FIELD}>
                  <FormInput
                    field={row.name}
                    placeholder="Nazwa występu"
                    autoComplete="off"
                    className={SLOT_CONTROL}
                  />
                </FormField>
                <SelectField
                  field={row.artistId}
                  label={`Artysta — ${label}`}
                  className={SLOT_FIELD}
                  selectProps={{ className: SLOT_CONTROL }}
                  placeholder="Bez strony artysty"
                  options={[...artistNames.keys()]}
                  optionLabel={artistNames}
                  missingLabel="Usunięty artysta"
                />
                <RowOrderButtons label={label} controls={controls} />
              </li>
            );
          }}
        </RepeatableRows>
      </FormSection>

      <FormSection
        id="event-section-faq"
        title="FAQ"
        description="Pytania i odpowiedzi w sekcji FAQ na stronie głównej, w tej kolejności."
      >
        <RepeatableRows form={form} list={fields.faq} {...FAQ_ROWS}>
          {(row, { index, remove }) => (
            <li
              data-testid="faq-row"
              className="grid gap-2 rounded-md border border-border bg-surface-2/50 p-3"
            >
              <TextField field={row.question} label={`Pytanie ${index + 1}`} autoComplete="off" />
              <TextareaField
                field={row.answer}
                label={`Odpowiedź ${index + 1}`}
                rows={3}
                className="min-h-20"
              />
              <div>
                <Button variant="ghost" size="sm" className="text-danger hover:text-danger" {...remove}>
                  <Trash2 aria-hidden="true" />
                  Usuń pytanie {index + 1}
                </Button>
              </div>
            </li>
          )}
        </RepeatableRows>
      </FormSection>
    </PageForm>
  );
}
