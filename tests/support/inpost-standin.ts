/**
 * A local stand-in for InPost's Geowidget v5 host (geowidget.inpost.pl): serves `inpost-geowidget.js`
 * and `inpost-geowidget.css` on 127.0.0.1. The script defines `<inpost-geowidget>` like the real one:
 * it reads the `token`, `language`, `config` and `onpoint` attributes, dispatches
 * `inpost.geowidget.init` with `detail.api` when ready, and on choosing a point dispatches a document
 * event named by `onpoint` whose `detail` is the point ({ name, address: { line1, line2 }, … }).
 *
 * Modes, per browser context through the cookie `inpost-standin` (cookies on 127.0.0.1 reach every
 * port, so a test sets it with `context.addCookies`):
 *  - (none)   the widget works;
 *  - `fail`   the script answers 503 (script load failure: 'Błąd ładowania');
 *  - `domain` the script throws the token-domain error the real widget reports ('Błąd domeny');
 *  - `silent` the element never reports ready (map not loaded).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const STANDIN_MODE_COOKIE = "inpost-standin";
export const STANDIN_TOKEN = "e2e-standin-token";

export const STANDIN_POINTS = [
  {
    name: "WRO01M",
    address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" },
    address_details: {
      city: "Wrocław",
      street: "Ruska",
      building_number: "46",
      post_code: "50-079",
      province: "dolnośląskie",
    },
    location: { latitude: 51.1101, longitude: 17.0252 },
    location_description: "Przy wejściu do pasażu",
    opening_hours: "24/7",
    type: ["parcel_locker"],
  },
  {
    name: "WRO125M",
    address: { line1: "pl. Solny 14", line2: "50-062 Wrocław" },
    address_details: {
      city: "Wrocław",
      street: "pl. Solny",
      building_number: "14",
      post_code: "50-062",
      province: "dolnośląskie",
    },
    location: { latitude: 51.1093, longitude: 17.0297 },
    location_description: "Obok kwiaciarni",
    opening_hours: "24/7",
    type: ["parcel_locker"],
  },
  {
    name: "WRO33A",
    address: { line1: "ul. Świdnicka 40", line2: "50-024 Wrocław" },
    address_details: {
      city: "Wrocław",
      street: "Świdnicka",
      building_number: "40",
      post_code: "50-024",
      province: "dolnośląskie",
    },
    location: { latitude: 51.1035, longitude: 17.0301 },
    location_description: "Parking podziemny",
    opening_hours: "24/7",
    type: ["parcel_locker"],
  },
];

const widgetScript = (points: typeof STANDIN_POINTS) => `(() => {
  const POINTS = ${JSON.stringify(points)};
  class InpostGeowidget extends HTMLElement {
    connectedCallback() {
      if (this.started) return;
      this.started = true;
      this.callbacks = [];
      const token = this.getAttribute("token");
      const onpoint = this.getAttribute("onpoint");
      if (!token) { this.textContent = "Geowidget: missing token"; return; }
      const wrap = document.createElement("div");
      wrap.className = "sgw";
      wrap.setAttribute("data-language", this.getAttribute("language") || "pl");
      wrap.setAttribute("data-config", this.getAttribute("config") || "parcelcollect");
      const title = document.createElement("p");
      title.className = "sgw-title";
      title.textContent = "Mapa Paczkomatów (stand-in)";
      wrap.appendChild(title);
      const list = document.createElement("ul");
      POINTS.forEach((point) => {
        const item = document.createElement("li");
        item.className = "sgw-point";
        const text = document.createElement("span");
        text.textContent = point.name + " — " + point.address.line1 + ", " + point.address.line2;
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "Wybierz " + point.name;
        button.addEventListener("click", () => {
          if (onpoint) document.dispatchEvent(new CustomEvent(onpoint, { detail: point }));
          this.callbacks.forEach((callback) => callback(point));
        });
        item.append(text, button);
        list.appendChild(item);
      });
      wrap.appendChild(list);
      this.appendChild(wrap);
      const api = {
        changePosition() {},
        selectPoint() {},
        addPointSelectedCallback: (callback) => this.callbacks.push(callback),
      };
      setTimeout(() => this.dispatchEvent(new CustomEvent("inpost.geowidget.init", { detail: { api }, bubbles: true })), 30);
    }
  }
  if (!customElements.get("inpost-geowidget")) customElements.define("inpost-geowidget", InpostGeowidget);
})();
`;

const silentScript = `(() => {
  class InpostGeowidget extends HTMLElement {}
  if (!customElements.get("inpost-geowidget")) customElements.define("inpost-geowidget", InpostGeowidget);
})();
`;

const domainErrorScript = `throw new Error("InPost Geowidget: the token is not valid for domain " + location.hostname);\n`;

const stylesheet = `inpost-geowidget { font-family: system-ui, sans-serif; color: #111; background: #f4f4f4; overflow: auto; }
.sgw { padding: 16px; }
.sgw-title { font-weight: 700; margin: 0 0 12px; }
.sgw ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.sgw-point { display: flex; justify-content: space-between; gap: 12px; align-items: center; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 10px 12px; }
.sgw-point button { background: #ffcd00; border: 0; border-radius: 4px; padding: 8px 12px; font-weight: 700; cursor: pointer; }
`;

function modeOf(request: http.IncomingMessage) {
  const cookie = request.headers.cookie ?? "";
  const match = new RegExp(`(?:^|;\\s*)${STANDIN_MODE_COOKIE}=([a-z]+)`).exec(cookie);
  return match?.[1] ?? "ok";
}

export type InpostStandin = { url: string; stop(): Promise<void> };

export async function startInpostStandin(): Promise<InpostStandin> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const headers = { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };
    if (path === "/inpost-geowidget.css") {
      response.writeHead(200, { ...headers, "Content-Type": "text/css; charset=utf-8" });
      response.end(stylesheet);
      return;
    }
    if (path === "/inpost-geowidget.js") {
      const mode = modeOf(request);
      if (mode === "fail") {
        response.writeHead(503, { ...headers, "Content-Type": "text/plain" });
        response.end("unavailable");
        return;
      }
      const body =
        mode === "domain"
          ? domainErrorScript
          : mode === "silent"
            ? silentScript
            : widgetScript(STANDIN_POINTS);
      response.writeHead(200, { ...headers, "Content-Type": "text/javascript; charset=utf-8" });
      response.end(body);
      return;
    }
    response.writeHead(404, headers);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
