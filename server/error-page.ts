/**
 * The page the server itself answers when a request never reaches React Router (a malformed path, an
 * unknown method, an error no route caught): a short Polish page with the site's colours and a way
 * home. Self-contained — no script, no stylesheet, inline styles only — so it shows under the static
 * files' CSP and whatever state the app is in. JSON clients and /api/ get `{ message }`.
 */
import type { Request, Response } from "express";

type Text = { title: string; message: string };

const TEXTS: Record<number, Text> = {
  400: {
    title: "Nieprawidłowy adres",
    message:
      "Ten adres jest uszkodzony i nie prowadzi do żadnej strony. Sprawdź link albo wróć na stronę główną.",
  },
  404: {
    title: "Nie znaleziono strony",
    message: "Tej strony nie ma — może zgasło światło. Wróć na parkiet.",
  },
  405: {
    title: "Niedozwolona metoda",
    message: "Ta strona nie obsługuje takiego żądania.",
  },
  408: {
    title: "Przekroczono czas oczekiwania",
    message: "Żądanie docierało do nas zbyt długo. Spróbuj ponownie.",
  },
  431: {
    title: "Zbyt duże nagłówki żądania",
    message:
      "Przeglądarka wysłała zbyt dużo danych w nagłówkach (np. ciasteczkach). Usuń ciasteczka tej strony i spróbuj ponownie.",
  },
  500: {
    title: "Coś poszło nie tak",
    message: "Spróbuj odświeżyć stronę za chwilę. Jeśli problem wraca, napisz do nas.",
  },
  503: {
    title: "Za dużo osób naraz",
    message: "Właśnie odwiedza nas tłum. Nic nie zostało zapisane — spróbuj ponownie za kilka sekund.",
  },
};

/** A 4xx without a text of its own: the visitor's bad request, in general. */
const BAD_REQUEST: Text = {
  title: "Nieprawidłowe żądanie",
  message: "Nie możemy obsłużyć tego żądania. Sprawdź link albo wróć na stronę główną.",
};

/** The text of a status: its own, else that of its class. */
export function errorText(status: number): Text {
  return TEXTS[status] ?? (status >= 400 && status < 500 ? BAD_REQUEST : (TEXTS[500] as Text));
}

/** Methods every page answers (the `Allow` of a 405). */
export const ALLOWED_METHODS = "GET, HEAD, POST";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function errorPageHtml(status: number, siteName: string) {
  const { title, message } = errorText(status);
  return `<!DOCTYPE html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${escapeHtml(siteName)}</title>
</head>
<body style="margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1.5rem;padding:2rem;text-align:center;background:#07060b;color:#f4f1fa;font-family:system-ui,sans-serif">
<p aria-hidden="true" style="margin:0;font-size:5rem;font-weight:800;color:#c6ff3d">${status}</p>
<h1 style="margin:0;font-size:1.5rem">${title}</h1>
<p style="margin:0;max-width:28rem;color:#a49db5">${message}</p>
<a href="/" style="padding:.75rem 1.5rem;border-radius:.375rem;background:#c6ff3d;color:#0b0a10;font-weight:700;text-transform:uppercase;text-decoration:none">Wróć na stronę główną</a>
</body>
</html>
`;
}

function wantsJson(req: Request) {
  const accept = req.get("accept") ?? "";
  return req.path.startsWith("/api/") || (/json/i.test(accept) && !/html/i.test(accept));
}

/** Answers `status` with the Polish page (or `{ message }`), never kept by a cache. */
export function sendErrorPage(req: Request, res: Response, status: number, siteName: string) {
  res.status(status).set("Cache-Control", "no-store");
  if (status === 405) res.set("Allow", ALLOWED_METHODS);
  if (wantsJson(req)) {
    res.json({ message: errorText(status).title });
    return;
  }
  res.type("text/html; charset=utf-8").send(errorPageHtml(status, siteName));
}
