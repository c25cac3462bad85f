/**
 * InPost Geowidget v5 in the browser: the stylesheet and script come from the widget host (a setting:
 * geowidget.inpost.pl in production, a local stand-in in tests); the map is the `<inpost-geowidget>`
 * element with `token`, `language`, `config` and `onpoint` attributes. Choosing a point dispatches a
 * document event named by `onpoint` whose `detail` is the point; the element dispatches
 * `inpost.geowidget.init` (with `detail.api`) once the map is ready.
 */
import type { ParcelLocker } from "../../../db/schema";

export const GEOWIDGET_POINT_EVENT = "nokturn-inpost-point";
export const GEOWIDGET_INIT_EVENT = "inpost.geowidget.init";
/** InPost's own locker finder, the fallback when the map cannot be used. */
export const INPOST_LOCKER_FINDER_URL = "https://inpost.pl/znajdz-paczkomat";
/** How long the map may take to report it is ready before we call it "not loaded". */
export const GEOWIDGET_READY_TIMEOUT_MS = 15_000;

export type GeowidgetPoint = {
  name?: unknown;
  address?: { line1?: unknown; line2?: unknown } | null;
};

/** The locker we keep from the widget's point, or null when the point lacks a name or address. */
export function lockerFromPoint(point: GeowidgetPoint | null | undefined): ParcelLocker | null {
  if (!point || typeof point.name !== "string" || !point.name.trim()) return null;
  const line1 = typeof point.address?.line1 === "string" ? point.address.line1.trim() : "";
  const line2 = typeof point.address?.line2 === "string" ? point.address.line2.trim() : "";
  if (!line1) return null;
  const name = point.name.trim().slice(0, 64);
  return { id: name, name, address: { line1: line1.slice(0, 200), line2: line2.slice(0, 200) } };
}

/** A locker code typed by hand (e.g. "WRO01M", "KRA10A"), used when the map cannot load. */
export function lockerFromCode(code: string): ParcelLocker | null {
  const name = code.trim().toUpperCase();
  if (!/^[A-Z]{3}[A-Z0-9-]{2,12}$/.test(name)) return null;
  return { id: name, name, address: { line1: `Paczkomat ${name}`, line2: "Adres według mapy InPost" } };
}

/** Error messages from the widget that mean its token does not match this domain. */
export function isDomainError(message: string) {
  return /domain|domen|origin|referer|token|unauthori[sz]ed|forbidden|401|403/i.test(message);
}

/**
 * Whether an uncaught error raised while the map starts is the widget refusing its token. The widget
 * is a cross-origin script, so browsers usually hide its error ("Script error.", no file name): the
 * widget's start-up check of the token against the page's domain is what throws there.
 */
export function isWidgetStartupError(event: { message?: string; filename?: string }, widgetOrigin: string) {
  const message = event.message ?? "";
  const filename = event.filename ?? "";
  const muted = filename === "" && /^script error\.?$/i.test(message.trim());
  if (muted) return true;
  return filename.startsWith(widgetOrigin) && isDomainError(message);
}

let loading: { host: string; promise: Promise<void> } | null = null;

/**
 * Loads the widget's stylesheet and script once per page (a failed load may be retried). Rejects
 * when the script cannot be fetched.
 */
export function loadGeowidgetAssets(host: string): Promise<void> {
  const base = host.replace(/\/$/, "");
  if (loading?.host === base) return loading.promise;
  const promise = new Promise<void>((resolve, reject) => {
    if (!document.querySelector(`link[data-geowidget="${base}"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `${base}/inpost-geowidget.css`;
      link.dataset.geowidget = base;
      document.head.appendChild(link);
    }
    document.querySelector(`script[data-geowidget="${base}"]`)?.remove();
    const script = document.createElement("script");
    script.src = `${base}/inpost-geowidget.js`;
    script.defer = true;
    script.dataset.geowidget = base;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("Geowidget script failed to load"));
    };
    document.head.appendChild(script);
  });
  loading = { host: base, promise };
  return promise;
}

/** Forgets the loaded script, so the next attempt inserts it again (after a start-up failure). */
export function resetGeowidgetAssets() {
  loading = null;
}
