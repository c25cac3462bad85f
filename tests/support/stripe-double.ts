/**
 * A local stand-in for the parts of Stripe's API the shop uses (sessions, coupons, refunds), so tests
 * can check what we send and decide what Stripe answers. Listens on 127.0.0.1 and is closed by the test.
 * Refunds follow Stripe's Refunds API: form-encoded `payment_intent`, `amount`, `reason`, `metadata[…]`;
 * the `Idempotency-Key` header answers a repeated request with the first response (and creates nothing);
 * a refund above what is left of the payment is refused with 400 as Stripe does.
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
  /** The PaymentIntent, once paid. */
  payment_intent: string | null;
  amount_total: number;
  /** Every form field the SDK sent when creating the session. */
  params: Record<string, string>;
};

export type DoubleRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: "pln";
  payment_intent: string;
  reason: string | null;
  status: "pending" | "succeeded" | "failed";
  failure_reason: string | null;
  metadata: Record<string, string>;
  /** Every form field the SDK sent, and the Idempotency-Key header. */
  params: Record<string, string>;
  idempotencyKey: string | null;
};

export type StripeDouble = {
  url: string;
  sessions: Map<string, DoubleSession>;
  coupons: Record<string, string>[];
  /** When true, session creation answers 500 (Stripe unavailable). */
  failCreate: boolean;
  /** Refunds created (one per distinct idempotency key). */
  refunds: DoubleRefund[];
  /** Every POST /v1/refunds received, retries and replays included. */
  refundRequests: { params: Record<string, string>; idempotencyKey: string | null }[];
  /** The status a new refund starts in ("pending" for a bank refund that settles later). */
  refundStatus: "pending" | "succeeded";
  /** "refuse": 400 invalid_request_error; "outage": 500 api_error; null: normal. */
  refundFailure: "refuse" | "outage" | null;
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

/** What the session charges: its lines, less the coupon, plus its shipping rate (grosze). */
function amountTotal(params: Record<string, string>, coupons: (Record<string, string> & { id?: string })[]) {
  let total = 0;
  for (let i = 0; params[`line_items[${i}][quantity]`]; i++) {
    total +=
      Number(params[`line_items[${i}][price_data][unit_amount]`]) *
      Number(params[`line_items[${i}][quantity]`]);
  }
  const coupon = coupons.find((c) => c.id === params["discounts[0][coupon]"]);
  if (coupon) total -= Number(coupon.amount_off ?? 0);
  total += Number(params["shipping_options[0][shipping_rate_data][fixed_amount][amount]"] ?? 0);
  return total;
}

export async function startStripeDouble(): Promise<StripeDouble> {
  let counter = 0;
  const double: StripeDouble = {
    url: "",
    sessions: new Map(),
    coupons: [],
    failCreate: false,
    refunds: [],
    refundRequests: [],
    refundStatus: "succeeded",
    refundFailure: null,
    pay(sessionId, email = "kupujacy@example.pl") {
      const session = double.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= `pi_test_${++counter}_${Math.random().toString(36).slice(2)}`;
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
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      double.refundRequests.push({ params, idempotencyKey });
      if (double.refundFailure === "outage") {
        return send(500, { error: { type: "api_error", message: "Stripe is down" } });
      }
      const replay = idempotencyKey ? double.refunds.find((r) => r.idempotencyKey === idempotencyKey) : null;
      if (replay) return send(200, replay);
      if (double.refundFailure === "refuse") {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge already refunded",
          },
        });
      }
      const session = [...double.sessions.values()].find((x) => x.payment_intent === params.payment_intent);
      if (!session) {
        return send(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such payment_intent",
          },
        });
      }
      const amount = params.amount ? Number(params.amount) : session.amount_total;
      const refunded = double.refunds
        .filter((r) => r.payment_intent === session.payment_intent && r.status !== "failed")
        .reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount <= 0 || amount > session.amount_total - refunded) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge`,
          },
        });
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]] = value;
      }
      const refund: DoubleRefund = {
        id: `re_test_${++counter}_${Math.random().toString(36).slice(2)}`,
        object: "refund",
        amount,
        currency: "pln",
        payment_intent: params.payment_intent,
        reason: params.reason ?? null,
        status: double.refundStatus,
        failure_reason: null,
        metadata,
        params,
        idempotencyKey,
      };
      double.refunds.push(refund);
      return send(200, refund);
    }
    if (req.method === "POST" && url.pathname === "/v1/coupons") {
      const coupon = { id: `co_${++counter}`, ...params };
      double.coupons.push(coupon);
      return send(200, { object: "coupon", ...coupon });
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
        payment_intent: null,
        amount_total: amountTotal(params, double.coupons),
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
