/**
 * The door app's screen (issue #41): a phone held in one hand in the dark — big targets, high
 * contrast, one word per answer in a full-screen colour. Scan with the camera (or type a code), find a
 * ticket by name, e-mail or order number, sell at the door; the network state and the unsent count are
 * always in view. Everything works offline once the night is downloaded.
 */
import { Camera, CameraOff, Download, Search, Ticket, Wifi, WifiOff } from "lucide-react";
import {
  type FormEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { flushSync } from "react-dom";
import { formatPrice } from "~/lib/money";
import { PASSING_ANSWERS, type ScanDirection, scanAnswerWords } from "../door-types";
import { DoorClient, type DoorState, type ScanResult } from "./door-client";
import { signal, unlockAudio } from "./feedback";
import { DECODER_FILES, type Scanner, startScanner } from "./qr-scanner";
import { searchTickets } from "./ticket-search";

type View = "scan" | "search" | "sale";

const big = "min-h-14 rounded-xl px-5 text-lg font-bold";

function useDoorClient(nightId: string, staff: string) {
  const client = useMemo(
    () => (typeof window === "undefined" ? null : new DoorClient(nightId, staff)),
    [nightId, staff],
  );
  useEffect(() => {
    if (!client) return;
    void client.start();
    return () => client.stop();
  }, [client]);
  const state = useSyncExternalStore(
    client?.subscribe ?? (() => () => {}),
    client?.getState ?? (() => null),
    () => null,
  );
  return { client, state };
}

/** The service worker keeps the app and its assets for a reload without network (scope /bramka). */
function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/bramka-sw.js", { scope: "/bramka" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What this page loaded before the worker was there: cached now, so offline it opens again.
        const urls = [
          location.pathname,
          "/bramka",
          ...DECODER_FILES,
          ...performance
            .getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((url) => url.startsWith(location.origin) && !url.includes("/api/")),
        ];
        registration.active?.postMessage({ type: "keep", urls });
      })
      .catch(() => {});
  }, []);
}

export function DoorScreen({ nightId, title, staff }: { nightId: string; title: string; staff: string }) {
  const { client, state } = useDoorClient(nightId, staff);
  useServiceWorker();
  const [view, setView] = useState<View>("scan");
  const [direction, setDirection] = useState<ScanDirection>("in");
  const [result, setResult] = useState<ScanResult | null>(null);

  useLayoutEffect(() => {
    if (!result) return;
    performance.measure("door-commit", "door-code");
    // The sound and the buzz once the answer's frame is painted (a frame's callback runs before its
    // paint, a task it queues after it): the first tone starts an AudioContext, which took the frame's
    // place when it came first.
    const passing = PASSING_ANSWERS.includes(result.answer);
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      performance.measure("door-frame", "door-code");
      timer = window.setTimeout(() => {
        performance.measure("door-answer", "door-code");
        signal(passing ? "yes" : result.answer === "already-inside" ? "warn" : "no");
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [result]);

  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), 2500);
    return () => window.clearTimeout(timer);
  }, [result]);

  if (!client || !state) {
    return <p className="p-6 text-lg">Uruchamianie bramki…</p>;
  }

  // At once, not in a later task: the camera's loop and the outbox's writes queue tasks of their own.
  const show = (answer: ScanResult) => flushSync(() => setResult(answer));

  const onCode = async (code: string) => {
    performance.clearMarks("door-code");
    performance.mark("door-code");
    const decided = await client.scanCode(code, direction);
    performance.measure("door-decided", "door-code");
    show(decided);
  };

  if (!state.phone) return <NamePhone onName={(name) => client.namePhone(name)} title={title} />;

  const night = state.night;
  return (
    <div className="grid min-h-dvh grid-rows-[auto_1fr_auto] bg-black text-white">
      <DoorHeader
        state={state}
        title={night?.night.title ?? title}
        unsent={client.unsent()}
        onDownload={() => client.download()}
      />
      <div className="grid content-start gap-4 p-4">
        <Refused state={state} />
        {state.problem ? (
          <p role="alert" className="rounded-xl border-2 border-red-500 bg-red-950 p-4 text-lg">
            {state.problem}
          </p>
        ) : null}
        {!night ? (
          <p className="text-lg">Pobierz noc, zanim zaczniesz wpuszczać.</p>
        ) : (
          <>
            {night.night.reentry ? <DirectionSwitch direction={direction} onChange={setDirection} /> : null}
            {view === "scan" ? <ScanView onCode={onCode} paused={result !== null} /> : null}
            {view === "search" ? (
              <SearchView
                state={state}
                onPick={async (ticketId) => {
                  performance.clearMarks("door-code");
                  performance.mark("door-code");
                  show(await client.scanTicket(ticketId, direction));
                }}
              />
            ) : null}
            {view === "sale" ? <SaleView client={client} state={state} /> : null}
          </>
        )}
      </div>
      <nav
        aria-label="Tryb bramki"
        className="sticky bottom-0 grid grid-cols-3 gap-2 border-white/20 border-t bg-black p-2"
      >
        <ViewButton current={view} value="scan" onPick={setView} icon={<Camera aria-hidden="true" />}>
          Skanuj
        </ViewButton>
        <ViewButton current={view} value="search" onPick={setView} icon={<Search aria-hidden="true" />}>
          Szukaj
        </ViewButton>
        <ViewButton current={view} value="sale" onPick={setView} icon={<Ticket aria-hidden="true" />}>
          Na bramce
        </ViewButton>
      </nav>
      {result ? <AnswerView result={result} onClose={() => setResult(null)} /> : null}
    </div>
  );
}

/** What the server refused of this phone's offline scans and sales (a sale beyond its block…): settled by hand. */
function Refused({ state }: { state: DoorState }) {
  const refused = [...state.scans, ...state.sales].filter((item) => item.refused);
  if (refused.length === 0) return null;
  const reasons = [...new Set(refused.map((item) => item.refused))];
  return (
    <div data-testid="door-refused" className="rounded-xl border-2 border-amber-400 bg-amber-950 p-4 text-lg">
      <p className="font-bold">Serwer odrzucił: {refused.length}</p>
      <ul className="list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}

function NamePhone({ onName, title }: { onName: (name: string) => Promise<void>; title: string }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    await onName(name.trim().slice(0, 40));
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="grid min-h-dvh content-center gap-4 bg-black p-6 text-white">
      <h1 className="font-display text-3xl">Bramka: {title}</h1>
      <label className="grid gap-2 text-lg" htmlFor="door-phone-name">
        Nazwa tego telefonu
        <input
          id="door-phone-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={40}
          placeholder="np. Telefon 1"
          className="min-h-14 rounded-xl border-2 border-white bg-black px-4 text-xl"
          autoComplete="off"
        />
      </label>
      <button type="submit" disabled={busy} className={`${big} bg-lime-400 text-black`}>
        {busy ? "Pobieranie…" : "Zapisz i pobierz noc"}
      </button>
    </form>
  );
}

/** When the copy was taken: the time today, the day and time before (a phone left from yesterday). */
function takenAt(at: number) {
  const taken = new Date(at);
  const time = taken.toLocaleTimeString("pl-PL", { hour: "2-digit", minute: "2-digit" });
  if (taken.toDateString() === new Date().toDateString()) return time;
  return `${taken.toLocaleDateString("pl-PL", { day: "numeric", month: "numeric" })}, ${time}`;
}

function DoorHeader({
  state,
  title,
  unsent,
  onDownload,
}: {
  state: DoorState;
  title: string;
  unsent: number;
  onDownload: () => void;
}) {
  const night = state.night;
  const taken = night ? takenAt(night.downloadedAt) : null;
  return (
    <header className="grid gap-2 border-white/20 border-b p-4">
      <div className="flex items-start justify-between gap-3">
        <h1 className="font-display text-2xl leading-tight">{title}</h1>
        <span
          data-testid="door-network"
          className={`inline-flex shrink-0 items-center gap-1 rounded-full px-3 py-1 font-bold ${state.online ? "bg-emerald-700" : "bg-red-700"}`}
        >
          {state.online ? (
            <Wifi aria-hidden="true" className="size-4" />
          ) : (
            <WifiOff aria-hidden="true" className="size-4" />
          )}
          {state.online ? "Online" : "Offline"}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-4 text-base text-white/80">
        <span>{state.phone?.name}</span>
        <span data-testid="door-unsent">Niewysłane: {unsent}</span>
        {night ? (
          <span data-testid="door-downloaded">
            Pobrano {taken}, biletów: {night.tickets.length}
          </span>
        ) : null}
        {night?.capacityLeft != null ? <span>Wolne miejsca: {night.capacityLeft}</span> : null}
      </p>
      <button
        type="button"
        onClick={onDownload}
        className={`${big} inline-flex items-center justify-center gap-2 border-2 border-white`}
      >
        <Download aria-hidden="true" />
        Pobierz noc
      </button>
    </header>
  );
}

function ViewButton({
  current,
  value,
  onPick,
  icon,
  children,
}: {
  current: View;
  value: View;
  onPick: (view: View) => void;
  icon: React.ReactNode;
  children: string;
}) {
  const active = current === value;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={() => {
        unlockAudio();
        onPick(value);
      }}
      className={`${big} inline-flex flex-col items-center justify-center gap-1 px-2 text-base ${active ? "bg-lime-400 text-black" : "bg-white/10"}`}
    >
      {icon}
      {children}
    </button>
  );
}

function DirectionSwitch({
  direction,
  onChange,
}: {
  direction: ScanDirection;
  onChange: (value: ScanDirection) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-2">
      <legend className="sr-only">Kierunek</legend>
      {(["in", "out"] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={direction === value}
          onClick={() => onChange(value)}
          className={`${big} ${direction === value ? "bg-white text-black" : "bg-white/10"}`}
        >
          {value === "in" ? "Wejście" : "Wyjście"}
        </button>
      ))}
    </fieldset>
  );
}

function ScanView({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const [camera, setCamera] = useState<"off" | "starting" | "on" | "failed">("off");
  const [typed, setTyped] = useState("");
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => () => scanner.current?.stop(), []);
  useEffect(() => scanner.current?.pause(paused), [paused]);

  const start = async () => {
    if (!video.current) return;
    unlockAudio();
    setCamera("starting");
    try {
      scanner.current = await startScanner(video.current, (code) => handler.current(code));
      setCamera("on");
    } catch {
      setCamera("failed");
    }
  };
  const stop = () => {
    scanner.current?.stop();
    scanner.current = null;
    setCamera("off");
  };

  return (
    <section aria-label="Skanowanie" className="grid gap-3">
      <video
        ref={video}
        className={`aspect-[4/3] w-full rounded-xl bg-white/5 object-cover ${camera === "on" ? "" : "hidden"}`}
        muted
        playsInline
        data-testid="door-camera"
      />
      {camera === "on" ? (
        <button
          type="button"
          onClick={stop}
          className={`${big} inline-flex items-center justify-center gap-2 bg-white/10`}
        >
          <CameraOff aria-hidden="true" />
          Wyłącz kamerę
        </button>
      ) : (
        <button
          type="button"
          onClick={start}
          disabled={camera === "starting"}
          className={`${big} inline-flex min-h-24 items-center justify-center gap-2 bg-lime-400 text-black`}
        >
          <Camera aria-hidden="true" />
          {camera === "starting" ? "Włączanie kamery…" : "Włącz kamerę"}
        </button>
      )}
      {camera === "failed" ? (
        <p role="alert" className="text-lg text-red-300">
          Brak dostępu do kamery — zezwól na nią albo szukaj biletu po nazwisku.
        </p>
      ) : null}
      <form
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          unlockAudio();
          if (typed.trim()) onCode(typed.trim());
          setTyped("");
        }}
      >
        <label className="sr-only" htmlFor="door-code">
          Kod biletu
        </label>
        <input
          id="door-code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Kod biletu (czytnik lub ręcznie)"
          className="min-h-14 w-full min-w-0 rounded-xl border-2 border-white/60 bg-black px-4 text-lg"
          autoComplete="off"
        />
        <button type="submit" className={`${big} bg-white/10`}>
          Sprawdź
        </button>
      </form>
    </section>
  );
}

function SearchView({ state, onPick }: { state: DoorState; onPick: (ticketId: string) => void }) {
  const [query, setQuery] = useState("");
  const night = state.night;
  const hits = useMemo(() => (night ? searchTickets(night.tickets, query) : []), [night, query]);
  return (
    <section aria-label="Szukaj biletu" className="grid gap-3">
      <label className="grid gap-2 text-lg" htmlFor="door-search">
        Imię i nazwisko, e-mail lub nr zamówienia
        <input
          id="door-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="min-h-14 rounded-xl border-2 border-white bg-black px-4 text-xl"
          autoComplete="off"
        />
      </label>
      {query.trim().length >= 2 && hits.length === 0 ? (
        <p className="text-lg">Nie znaleziono biletu.</p>
      ) : null}
      <ul className="grid gap-2">
        {hits.map((ticket) => (
          <li key={ticket.id}>
            <button
              type="button"
              onClick={() => onPick(ticket.id)}
              className="grid min-h-16 w-full rounded-xl bg-white/10 px-4 py-2 text-left"
            >
              <span className="font-bold text-xl">{ticket.name}</span>
              <span className="text-white/80">
                {night?.types[ticket.type]} · {ticket.email} · {ticket.order}
                {ticket.state !== "valid"
                  ? ` · ${ticket.state === "void" ? "unieważniony" : "nieopłacony"}`
                  : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SaleView({ client, state }: { client: DoorClient; state: DoorState }) {
  const [quantity, setQuantity] = useState(1);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const price = state.night?.night.doorPrice ?? null;
  if (price === null) return <p className="text-lg">Ta noc nie sprzedaje biletów na bramce.</p>;
  const block = client.blockState();
  const sell = async (method: "cash" | "card") => {
    setBusy(true);
    const result = await client.sell(quantity, method);
    signal(result.ok ? "yes" : "no");
    setAnswer(result);
    setBusy(false);
  };
  return (
    <section aria-label="Sprzedaż na bramce" className="grid gap-4">
      <p className="text-lg">
        Bilet na bramce: <strong>{formatPrice(price)}</strong>
      </p>
      <div className="grid grid-cols-[auto_1fr_auto] items-center gap-3">
        <button
          type="button"
          aria-label="Mniej"
          onClick={() => setQuantity(Math.max(1, quantity - 1))}
          className={`${big} bg-white/10`}
        >
          −
        </button>
        <output
          aria-live="polite"
          className="text-center font-display text-4xl"
          data-testid="door-sale-quantity"
        >
          {quantity}
        </output>
        <button
          type="button"
          aria-label="Więcej"
          onClick={() => setQuantity(Math.min(10, quantity + 1))}
          className={`${big} bg-white/10`}
        >
          +
        </button>
      </div>
      <p className="text-center text-xl">Razem: {formatPrice(price * quantity)}</p>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => sell("cash")}
          className={`${big} min-h-20 bg-lime-400 text-black`}
        >
          Gotówka
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => sell("card")}
          className={`${big} min-h-20 bg-lime-400 text-black`}
        >
          Karta
        </button>
      </div>
      {answer ? (
        <p role="status" className={`rounded-xl p-4 text-lg ${answer.ok ? "bg-emerald-800" : "bg-red-900"}`}>
          {answer.message}
        </p>
      ) : null}
      <p className="text-base text-white/80">
        {state.night?.capacityLeft != null ? `Pozostało miejsc: ${state.night.capacityLeft}. ` : ""}
        {block ? `Pula offline: ${block.left} z ${block.block.size}.` : "Brak puli offline."}
      </p>
    </section>
  );
}

function AnswerView({ result, onClose }: { result: ScanResult; onClose: () => void }) {
  const passing = PASSING_ANSWERS.includes(result.answer);
  const tone = passing
    ? "bg-emerald-700"
    : result.answer === "already-inside"
      ? "bg-amber-500 text-black"
      : "bg-red-700";
  const previous = result.previous;
  return (
    <button
      type="button"
      onClick={onClose}
      data-testid="door-answer"
      data-answer={result.answer}
      className={`fixed inset-0 z-50 grid content-center justify-items-center gap-4 p-6 text-center ${tone}`}
    >
      <span role="alert" className="font-display text-6xl leading-none">
        {scanAnswerWords[result.answer]}
      </span>
      {result.ticket ? (
        <span className="text-2xl">
          {result.ticket.name}
          {result.typeName ? ` · ${result.typeName}` : ""}
        </span>
      ) : null}
      {previous ? (
        <span className="text-xl">
          {new Date(previous.at).toLocaleTimeString("pl-PL", { hour: "2-digit", minute: "2-digit" })} ·{" "}
          {previous.deviceName}
          {previous.staffName ? ` · ${previous.staffName}` : ""}
        </span>
      ) : null}
      {result.offline ? <span className="text-base">decyzja offline</span> : null}
      <span className="text-base">Dotknij, aby skanować dalej</span>
    </button>
  );
}
