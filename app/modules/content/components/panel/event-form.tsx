/**
 * The event form (issue #9): details, date and place (Europe/Warsaw time), tickets, hero media, the
 * manifesto, the timetable per stage and the FAQ. Conform validates in the browser with the schema the
 * action uses; a server refusal (a taken slug…) comes back on its field with everything typed kept.
 * Leaving with unsaved changes asks first.
 */
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { CheckboxField } from "~/components/panel/checkbox-field";
import { TextareaField, TextField } from "~/components/panel/form-in-dialog";
import { FormSection } from "~/components/panel/form-layout";
import { PageForm, usePageForm } from "~/components/panel/form-page";
import { FormRowList, RowButton } from "~/components/panel/form-rows";
import { type NameSlugCopy, NameSlugFields } from "~/components/panel/name-slug-fields";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { ImageRef } from "~/lib/images";
import { STAGE_LABELS, STAGES } from "~/modules/content/timetable";
import {
  type EventFormActionData,
  type EventFormDefaults,
  eventConstraint,
  eventFormSchema,
  eventMessages,
} from "../../event-form.schema";
import { EVENT_STATUS_LABELS, EVENT_STATUSES } from "../../event-status";
import { EventPosterField } from "./event-poster-field";

const NEW_SLOT = { stage: "main", startTime: "", name: "", artistId: "" };
const NEW_FAQ = { question: "", answer: "" };

const NAME_SLUG_COPY: NameSlugCopy = {
  nameLabel: "Tytuł",
  slugPrefix: "/events/",
  slugHint: {
    manual: "Małe litery, cyfry i myślniki; używany w adresie pliku .ics.",
    followsName: "Tworzony z tytułu. Zmień go ręcznie, jeśli chcesz.",
  },
};

function announceRefusal(refusal: EventFormActionData, fieldMessage: string | undefined) {
  toast.error(eventMessages.saveFailed, { description: refusal.message ?? fieldMessage });
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
}: {
  mode: "create" | "edit";
  defaults: EventFormDefaults;
  artists: { id: string; name: string }[];
  /** Every gallery, published or not: a night's gallery may still be a draft. */
  galleries: { id: string; title: string; published: boolean }[];
  actionData: EventFormActionData | undefined;
  /** The event's .ics (edit only). */
  publicHref?: string;
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

  const timetable = fields.timetable.getFieldList();
  const faq = fields.faq.getFieldList();
  const artistNames = useMemo(() => new Map(artists.map((artist) => [artist.id, artist.name])), [artists]);

  const { key: statusKey, ...statusProps } = getSelectProps(fields.status, { ariaAttributes: false });
  const { key: galleryKey, ...galleryProps } = getSelectProps(fields.galleryId, { ariaAttributes: false });

  const text = (
    field: FieldMetadata<string | undefined> | FieldMetadata<unknown>,
    type: "text" | "url" | "datetime-local" | "hidden" = "text",
  ) => {
    const { key, ...props } = getInputProps(field as FieldMetadata<string>, { type, ariaAttributes: false });
    return { key, props };
  };

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
        {fields.featured.errors?.length ? (
          <p role="alert" className="font-medium text-danger text-sm">
            {fields.featured.errors[0]}
          </p>
        ) : null}
        <CheckboxField
          field={fields.published}
          label="Opublikowane"
          hint="Tylko opublikowane wydarzenia są na stronie: zapowiedzi, strona wydarzenia, archiwum."
        />
        {fields.published.errors?.length ? (
          <p role="alert" className="font-medium text-danger text-sm">
            {fields.published.errors[0]}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Status"
            htmlFor={fields.status.id}
            errorId={fields.status.errorId}
            errors={fields.status.errors}
            description="Odwołane i przeniesione strona pokazuje z takim oznaczeniem."
          >
            <NativeSelect key={statusKey} {...statusProps}>
              {EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {EVENT_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label="Galeria"
            htmlFor={fields.galleryId.id}
            errorId={fields.galleryId.errorId}
            errors={fields.galleryId.errors}
            description="Zdjęcia z tej nocy: archiwum linkuje do galerii, gdy jest opublikowana."
          >
            <NativeSelect key={galleryKey} {...galleryProps}>
              <option value="">Bez galerii</option>
              {galleries.map((gallery) => (
                <option key={gallery.id} value={gallery.id}>
                  {gallery.published ? gallery.title : `${gallery.title} (nieopublikowana)`}
                </option>
              ))}
              {typeof fields.galleryId.value === "string" &&
              fields.galleryId.value &&
              !galleries.some((gallery) => gallery.id === fields.galleryId.value) ? (
                <option value={fields.galleryId.value}>Usunięta galeria</option>
              ) : null}
            </NativeSelect>
          </Field>
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
        description="Link do zewnętrznej sprzedaży biletów (KUP BILET) i cena do danych strukturalnych."
      >
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
        <FormRowList
          count={timetable.length}
          emptyText="Brak występów: timetable na stronie będzie pusty."
          list={fields.timetable}
          add={form.insert.getButtonProps({ name: fields.timetable.name, defaultValue: NEW_SLOT })}
          addLabel="Dodaj występ"
        >
          <ol className="grid gap-3">
            {timetable.map((slot, index) => {
              const row = slot.getFieldset();
              const time = text(row.startTime);
              const name = text(row.name);
              const { key: stageKey, ...stageProps } = getSelectProps(row.stage, { ariaAttributes: false });
              const { key: artistKey, ...artistProps } = getSelectProps(row.artistId, {
                ariaAttributes: false,
              });
              const label = `pozycja ${index + 1}`;
              return (
                <li
                  key={slot.key}
                  data-testid="timetable-row"
                  className="grid gap-2 rounded-md border border-border bg-surface-2/50 p-3 sm:grid-cols-[9rem_6rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
                >
                  <SlotField label={`Scena — ${label}`} field={row.stage}>
                    <NativeSelect key={stageKey} {...stageProps} className="h-9 text-sm">
                      {STAGES.map((stage) => (
                        <option key={stage} value={stage}>
                          {STAGE_LABELS[stage]}
                        </option>
                      ))}
                    </NativeSelect>
                  </SlotField>
                  <SlotField label={`Godzina — ${label}`} field={row.startTime}>
                    <Input
                      key={time.key}
                      {...time.props}
                      placeholder="SOON"
                      inputMode="numeric"
                      autoComplete="off"
                      className="h-9 text-sm tabular-nums"
                    />
                  </SlotField>
                  <SlotField label={`Nazwa — ${label}`} field={row.name}>
                    <Input
                      key={name.key}
                      {...name.props}
                      placeholder="Nazwa występu"
                      autoComplete="off"
                      className="h-9 text-sm"
                    />
                  </SlotField>
                  <SlotField label={`Artysta — ${label}`} field={row.artistId}>
                    <NativeSelect key={artistKey} {...artistProps} className="h-9 text-sm">
                      <option value="">Bez strony artysty</option>
                      {artists.map((artist) => (
                        <option key={artist.id} value={artist.id}>
                          {artist.name}
                        </option>
                      ))}
                      {typeof row.artistId.value === "string" &&
                      row.artistId.value &&
                      !artistNames.has(row.artistId.value) ? (
                        <option value={row.artistId.value}>Usunięty artysta</option>
                      ) : null}
                    </NativeSelect>
                  </SlotField>
                  <div className="flex gap-1">
                    <RowButton
                      label={`Przesuń w górę — ${label}`}
                      disabled={index === 0}
                      {...form.reorder.getButtonProps({
                        name: fields.timetable.name,
                        from: index,
                        to: index - 1,
                      })}
                    >
                      <ArrowUp aria-hidden="true" />
                    </RowButton>
                    <RowButton
                      label={`Przesuń w dół — ${label}`}
                      disabled={index === timetable.length - 1}
                      {...form.reorder.getButtonProps({
                        name: fields.timetable.name,
                        from: index,
                        to: index + 1,
                      })}
                    >
                      <ArrowDown aria-hidden="true" />
                    </RowButton>
                    <RowButton
                      label={`Usuń — ${label}`}
                      danger
                      {...form.remove.getButtonProps({ name: fields.timetable.name, index })}
                    >
                      <Trash2 aria-hidden="true" />
                    </RowButton>
                  </div>
                </li>
              );
            })}
          </ol>
        </FormRowList>
      </FormSection>

      <FormSection
        id="event-section-faq"
        title="FAQ"
        description="Pytania i odpowiedzi w sekcji FAQ na stronie głównej, w tej kolejności."
      >
        <FormRowList
          count={faq.length}
          emptyText="Brak pytań: sekcja FAQ będzie pusta."
          list={fields.faq}
          add={form.insert.getButtonProps({ name: fields.faq.name, defaultValue: NEW_FAQ })}
          addLabel="Dodaj pytanie"
        >
          <ol className="grid gap-3">
            {faq.map((item, index) => {
              const row = item.getFieldset();
              const question = text(row.question);
              const { key: answerKey, ...answerProps } = getTextareaProps(row.answer, {
                ariaAttributes: false,
              });
              return (
                <li
                  key={item.key}
                  data-testid="faq-row"
                  className="grid gap-2 rounded-md border border-border bg-surface-2/50 p-3"
                >
                  <Field
                    label={`Pytanie ${index + 1}`}
                    htmlFor={row.question.id}
                    errorId={row.question.errorId}
                    errors={row.question.errors}
                  >
                    <Input key={question.key} {...question.props} autoComplete="off" />
                  </Field>
                  <Field
                    label={`Odpowiedź ${index + 1}`}
                    htmlFor={row.answer.id}
                    errorId={row.answer.errorId}
                    errors={row.answer.errors}
                  >
                    <Textarea key={answerKey} {...answerProps} rows={3} className="min-h-20" />
                  </Field>
                  <div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger hover:text-danger"
                      {...form.remove.getButtonProps({ name: fields.faq.name, index })}
                    >
                      <Trash2 aria-hidden="true" />
                      Usuń pytanie {index + 1}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        </FormRowList>
      </FormSection>
    </PageForm>
  );
}

/** One field of a timetable row: the label is for screen readers on wide screens (the row reads as a table). */
function SlotField({
  label,
  field,
  children,
}: {
  label: string;
  field: { id: string; errorId: string; errors?: string[] };
  children: ReactNode;
}) {
  return (
    <Field
      label={label}
      className="sm:[&_label]:sr-only"
      htmlFor={field.id}
      errorId={field.errorId}
      errors={field.errors}
    >
      {children}
    </Field>
  );
}
