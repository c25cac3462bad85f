import { AlertTriangle, ExternalLink, Loader2, MapPin } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { NewTabLink } from "~/components/new-tab-link";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toaster";
import type { ParcelLocker } from "../../../../db/schema";
import {
  GEOWIDGET_INIT_EVENT,
  GEOWIDGET_POINT_EVENT,
  GEOWIDGET_READY_TIMEOUT_MS,
  type GeowidgetPoint,
  INPOST_LOCKER_FINDER_URL,
  isWidgetStartupError,
  loadGeowidgetAssets,
  lockerFromCode,
  lockerFromPoint,
  resetGeowidgetAssets,
} from "../geowidget";
import { CodeField } from "./code-field";

type MapState = "loading" | "ready" | "failed" | "not-loaded" | "config" | "domain";

const problems: Record<Exclude<MapState, "loading" | "ready">, { title: string; text: string }> = {
  failed: {
    title: "Błąd ładowania",
    text: "Nie udało się załadować mapy Paczkomatów. Sprawdź połączenie z internetem i spróbuj ponownie.",
  },
  "not-loaded": {
    title: "Mapa nie została załadowana",
    text: "Mapa Paczkomatów nie odpowiada. Odśwież stronę i spróbuj ponownie.",
  },
  config: {
    title: "Błąd konfiguracji",
    text: "Mapa Paczkomatów nie jest skonfigurowana (brak tokenu InPost).",
  },
  domain: {
    title: "Błąd domeny",
    text: "Token mapy InPost nie działa w tej domenie. Znajdź Paczkomat na stronie InPost i wpisz jego kod poniżej.",
  },
};

/**
 * Parcel-locker choice on InPost's Geowidget, once scripts run: a button that opens the map in a
 * dialog (900×700 on desktop, (width − 40)×600 on mobile) with the states loading, ready and failed.
 * When the map cannot be used, InPost's online finder and a locker-code field are offered instead.
 * The chosen point is shown by the cart page (which also has a locker-code form without scripts).
 */
export function LockerPicker({
  token,
  widgetUrl,
  chosen,
  onChange,
}: {
  token: string;
  widgetUrl: string;
  /** A locker is already chosen (the button then reads "Zmień Paczkomat"). */
  chosen: boolean;
  onChange(locker: ParcelLocker): void;
}) {
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        type="button"
        variant={chosen ? "secondary" : "outline"}
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="choose-locker"
      >
        <MapPin aria-hidden="true" />
        {chosen ? "Zmień Paczkomat" : "Wybierz Paczkomat"}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="flex h-[min(600px,calc(100dvh-2rem))] w-[calc(100vw-40px)] max-w-none flex-col gap-0 overflow-hidden p-0 md:h-[min(700px,calc(100dvh-2rem))] md:w-[min(900px,calc(100vw-40px))]"
          data-testid="locker-dialog"
        >
          <DialogHeader className="border-border border-b p-4 md:p-5">
            <DialogTitle className="text-xl md:text-2xl">Wybierz Paczkomat</DialogTitle>
            <DialogDescription>Znajdź Paczkomat na mapie i kliknij „Wybierz”.</DialogDescription>
          </DialogHeader>
          {open ? (
            <GeowidgetMap
              token={token}
              widgetUrl={widgetUrl}
              onSelect={(locker) => {
                onChange(locker);
                setOpen(false);
                toast.success("Wybrano Paczkomat", {
                  description: `${locker.name}, ${locker.address.line1}`,
                });
              }}
            />
          ) : null}
          <p className="border-border border-t px-4 py-2 text-muted text-xs md:px-5">
            Uwaga: mapa InPost działa tylko w domenie produkcyjnej sklepu (token jest przypisany do domeny).
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}

function GeowidgetMap({
  token,
  widgetUrl,
  onSelect,
}: {
  token: string;
  widgetUrl: string;
  onSelect(locker: ParcelLocker): void;
}) {
  const [state, setState] = useState<MapState>(token ? "loading" : "config");
  const container = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    const widgetOrigin = new URL(widgetUrl, window.location.href).origin;
    const fail = (next: MapState) => {
      if (!cancelled) setState((current) => (current === "loading" ? next : current));
    };
    const onPoint = (event: Event) => {
      const locker = lockerFromPoint((event as CustomEvent<GeowidgetPoint>).detail);
      if (locker) onSelectRef.current(locker);
    };
    // The widget reports a token bound to another domain as an error of its own script.
    const onError = (event: ErrorEvent) => {
      if (isWidgetStartupError(event, widgetOrigin)) {
        resetGeowidgetAssets();
        fail("domain");
      }
    };
    document.addEventListener(GEOWIDGET_POINT_EVENT, onPoint);
    window.addEventListener("error", onError);
    const timeout = setTimeout(() => fail("not-loaded"), GEOWIDGET_READY_TIMEOUT_MS);

    loadGeowidgetAssets(widgetUrl)
      .then(() => {
        if (cancelled || !container.current) return;
        const widget = document.createElement("inpost-geowidget");
        widget.setAttribute("token", token);
        widget.setAttribute("language", "pl");
        widget.setAttribute("config", "parcelCollect");
        widget.setAttribute("onpoint", GEOWIDGET_POINT_EVENT);
        widget.style.display = "block";
        widget.style.width = "100%";
        widget.style.height = "100%";
        widget.addEventListener(GEOWIDGET_INIT_EVENT, () => {
          clearTimeout(timeout);
          if (!cancelled) setState((current) => (current === "loading" ? "ready" : current));
        });
        container.current.replaceChildren(widget);
      })
      .catch(() => {
        clearTimeout(timeout);
        fail("failed");
      });

    return () => {
      cancelled = true;
      clearTimeout(timeout);
      document.removeEventListener(GEOWIDGET_POINT_EVENT, onPoint);
      window.removeEventListener("error", onError);
      container.current?.replaceChildren();
    };
  }, [token, widgetUrl]);

  const problem = state === "loading" || state === "ready" ? null : problems[state];
  return (
    <div className="relative min-h-0 flex-1" data-testid="locker-map" data-state={state}>
      <div ref={container} className={problem ? "hidden" : "size-full"} />
      {state === "loading" ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface"
          role="status"
        >
          <Loader2 aria-hidden="true" className="size-8 animate-spin text-accent" />
          <p className="text-muted">Ładowanie mapy Paczkomatów…</p>
        </div>
      ) : null}
      {problem ? <MapProblem title={problem.title} text={problem.text} onSelect={onSelect} /> : null}
    </div>
  );
}

function MapProblem({
  title,
  text,
  onSelect,
}: {
  title: string;
  text: string;
  onSelect(locker: ParcelLocker): void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const locker = lockerFromCode(code);
    if (!locker) {
      setError("Wpisz kod Paczkomatu, np. WRO01M");
      return;
    }
    onSelect(locker);
  }
  return (
    <div
      className="flex size-full flex-col items-center justify-center gap-5 overflow-y-auto p-6 text-center"
      role="alert"
      data-testid="locker-error"
    >
      <AlertTriangle aria-hidden="true" className="size-10 text-warning" />
      <div className="grid max-w-md gap-2">
        <p className="font-display text-2xl">{title}</p>
        <p className="text-muted">{text}</p>
      </div>
      <Button asChild variant="outline">
        <NewTabLink href={INPOST_LOCKER_FINDER_URL}>
          Znajdź Paczkomat na stronie InPost
          <ExternalLink aria-hidden="true" />
        </NewTabLink>
      </Button>
      <form onSubmit={submit} className="grid w-full max-w-sm gap-2 text-left" noValidate>
        <CodeField
          id="locker-code"
          label="Kod Paczkomatu"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setError(null);
          }}
          placeholder="np. WRO01M"
          message={error}
          messageId="locker-code-error"
          button={<Button type="submit">Zapisz</Button>}
        />
      </form>
    </div>
  );
}
