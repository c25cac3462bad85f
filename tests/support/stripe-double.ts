/**
 * A local stand-in for the parts of Stripe's API the checkout uses (sessions, coupons), so tests can
 * check what we send and decide what Stripe answers. Listens on 127.0.0.1 and is closed by the test.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type DoubleSession = {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string;
  metadata: Record<string, string>;
  customer_email: string | null;
  customer_details: {
    email: string | null;
    name: string | null;
    phone: string | null;
    address: {
      line1: string;
      line2: string | null;
      postal_code: string;
      city: string;
      country: string;
    } | null;
  } | null;
  collected_information: null;
  /** Every form field the SDK sent when creating the session. */
  params: Record<string, string>;
};

export type StripeDouble = {
  url: string;
  sessions: Map<string, DoubleSession>;
  coupons: Record<string, string>[];
  /** When true, session creation answers 500 (Stripe unavailable). */
  failCreate: boolean;
  pay(sessionId: string, email?: string): DoubleSession;
  close(): Promise<void>;
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
  });
}

export async function startStripeDouble(): Promise<StripeDouble> {
  let counter = 0;
  const double: StripeDouble = {
    url: "",
    sessions: new Map(),
    coupons: [],
    failCreate: false,
    pay(sessionId, email = "kupujacy@example.pl") {
      const session = double.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.customer_details = {
        email,
        name: "Jan Kupujący",
        phone: "+48500100200",
        address: {
          line1: "ul. Testowa 1",
          line2: null,
          postal_code: "50-001",
          city: "Wrocław",
          country: "PL",
        },
      };
      return session;
    },
    close: async () => {},
  };

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(body));
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++counter}` });
      res.end(JSON.stringify(payload));
    };
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "POST" && url.pathname === "/v1/coupons") {
      double.coupons.push(params);
      return send(200, { id: `co_${++counter}`, object: "coupon", ...params });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (double.failCreate) return send(500, { error: { type: "api_error", message: "Stripe is down" } });
      const id = `cs_test_${++counter}_${Math.random().toString(36).slice(2)}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]] = value;
      }
      const session: DoubleSession = {
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.test/pay/${id}`,
        metadata,
        customer_email: params.customer_email ?? null,
        customer_details: null,
        collected_information: null,
        params,
      };
      double.sessions.set(id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (sessionMatch) {
      const session = double.sessions.get(sessionMatch[1]);
      if (!session) {
        return send(404, {
          error: {
            type: "invalid_request_error",
            message: "No such checkout.session",
            code: "resource_missing",
          },
        });
      }
      if (sessionMatch[2] && req.method === "POST") {
        if (session.status !== "open") {
          return send(400, { error: { type: "invalid_request_error", message: "Session is not open" } });
        }
        session.status = "expired";
      }
      return send(200, session);
    }
    send(404, { error: { type: "invalid_request_error", message: `Unknown ${req.method} ${url.pathname}` } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  double.url = `http://127.0.0.1:${port}`;
  double.close = () => new Promise((resolve) => server.close(() => resolve()));
  return double;
}
