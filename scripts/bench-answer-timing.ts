/**
 * `npm run bench:answer-timing` (issue #42, finding 4): whether the "Powiadom mnie" form's answer
 * takes the same time whatever the address's state, so its timing cannot tell who waits for which
 * product. Starts the production build (BUILD_DIR, default `build`) on a fresh embedded database,
 * prepares a pending and a confirmed address per round (each address is posted once in the measured
 * rounds, so the per-address limit never answers instead), then runs BENCH_ROUNDS (25) rounds, each
 * posting the form once for a new, a pending and a confirmed address in a shuffled order. Every post
 * comes from an address of its own (X-Forwarded-For, the server trusting its proxy), so the per-client
 * limit never answers either. Prints the median per case and whether they are within 5 ms of each
 * other. The same for the cart's discount-code form with a first-order-only code (PIERWSZE15) for an
 * address that has ordered (the demo customer) and one that has not, each round a fresh buyer with a
 * line and the address in the cart: only the code's answer is timed. Not part of `npm test`:
 * CPU-heavy, run it alone.
 */

import { demoProductId, demoVariantId } from "../db/demo-data/catalog";
import { DEMO_CUSTOMER } from "../db/demo-data/people";
import { postWithFetch } from "../tests/support/cart-checkout";
import { mailsIn } from "../tests/support/mail-files";
import { startServer, type TestServer } from "../tests/support/server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const WITHIN_MS = 5;
/** A demo product whose size XXL is sold out: the form is accepted for it. */
const SLUG = "koszulka-nokturn-logo";
const PRODUCT_ID = demoProductId(SLUG);
const VARIANT_ID = demoVariantId(SLUG, "XXL");
const CASES = ["new", "pending", "confirmed"] as const;
type Case = (typeof CASES)[number];

let ipCounter = 0;
/** Another client for every request: the per-client limit (20 per 15 minutes) never answers. */
function nextIp() {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Posts the form as the product page does without scripts (a 303 back with the flash); ms. */
async function subscribe(server: TestServer, email: string): Promise<number> {
  const body = new URLSearchParams({
    intent: "subscribe",
    productId: PRODUCT_ID,
    variantId: VARIANT_ID,
    email,
    consent: "on",
  });
  const started = performance.now();
  const response = await fetch(`${server.url}/powiadom-mnie`, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextIp(),
    },
    body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 303) throw new Error(`subscribe ${email}: HTTP ${response.status}`);
  return elapsed;
}

/** The confirmation link e-mailed to `email` (the outbox writes .eml files in the data directory). */
async function confirmationPath(server: TestServer, email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [mail] = mailsIn(server.dataDir, email, "stock-alert-confirm");
    const match = mail && /\/powiadom-mnie\/potwierdz\/[A-Za-z0-9_-]{43}/.exec(mail);
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation e-mail to ${email}`);
}

/** Confirms as a visitor does: the link's page, then its button (a POST). */
async function confirm(server: TestServer, email: string) {
  const link = await confirmationPath(server, email);
  const pressed = await fetch(`${server.url}${link}`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  await pressed.arrayBuffer();
  if (pressed.status !== 200) throw new Error(`confirm ${email}: HTTP ${pressed.status}`);
}

const CODE_CASES = ["has ordered", "never ordered"] as const;
type CodeCase = (typeof CODE_CASES)[number];
/** In stock in the demo catalog, no sizes. */
const CART_PRODUCT = demoProductId("torba-nokturn-tote");

/**
 * A fresh buyer with a line and `email` in the cart; the time of the first-order-only code's answer
 * and the answer itself (its status and where it sends the buyer), which must not differ either.
 */
async function codeAnswer(server: TestServer, email: string): Promise<{ elapsed: number; answer: string }> {
  const post = postWithFetch(server.url, { headers: { "x-forwarded-for": nextIp() } });
  const steps: Record<string, string>[] = [
    { intent: "add", productId: CART_PRODUCT, variantId: "", quantity: "1" },
    { intent: "email", email },
  ];
  for (const step of steps) {
    const answer = await post(step);
    if (answer.status >= 400) throw new Error(`cart ${step.intent}: HTTP ${answer.status} ${answer.text}`);
  }
  const started = performance.now();
  const answer = await post({ intent: "code", code: "PIERWSZE15" });
  const elapsed = performance.now() - started;
  if (answer.status >= 500) throw new Error(`cart code: HTTP ${answer.status}`);
  return { elapsed, answer: `${answer.status} ${answer.location ?? ""}` };
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints the medians of one form's cases; whether they are within WITHIN_MS of each other. */
function report(title: string, times: Record<string, number[]>) {
  const cases = Object.keys(times);
  const medians = cases.map((kind) => median(times[kind]));
  const spread = Math.max(...medians) - Math.min(...medians);
  console.log(`\n${title}, ${ROUNDS} shuffled rounds:`);
  console.table(
    cases.map((kind, index) => ({
      case: kind,
      "median ms": Number(medians[index].toFixed(2)),
      "min ms": Number(Math.min(...times[kind]).toFixed(2)),
      "max ms": Number(Math.max(...times[kind]).toFixed(2)),
    })),
  );
  const within = spread <= WITHIN_MS;
  console.log(
    `spread of the medians: ${spread.toFixed(2)} ms — ${within ? "within" : "NOT within"} ${WITHIN_MS} ms`,
  );
  return within;
}

async function main() {
  const server = await startServer({ env: { TRUST_PROXY: "true" } });
  try {
    const run = Date.now().toString(36);
    const address = (kind: Case, round: number) => `bench-${kind}-${round}-${run}@example.com`;
    console.log(`preparing ${ROUNDS} pending and ${ROUNDS} confirmed addresses…`);
    for (let round = 0; round < ROUNDS; round++) {
      await subscribe(server, address("pending", round));
      await subscribe(server, address("confirmed", round));
    }
    for (let round = 0; round < ROUNDS; round++) await confirm(server, address("confirmed", round));
    // Warm-up: the first requests of a process pay for compilation and caches.
    for (let n = 0; n < 5; n++) await subscribe(server, `bench-warm-${n}-${run}@example.com`);

    const times: Record<Case, number[]> = { new: [], pending: [], confirmed: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of shuffled(CASES)) times[kind].push(await subscribe(server, address(kind, round)));
    }

    const codeTimes: Record<CodeCase, number[]> = { "has ordered": [], "never ordered": [] };
    const codeAnswers: Record<CodeCase, Set<string>> = {
      "has ordered": new Set(),
      "never ordered": new Set(),
    };
    await codeAnswer(server, `bench-warm-code-${run}@example.com`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of shuffled(CODE_CASES)) {
        const email = kind === "has ordered" ? DEMO_CUSTOMER.email : `bench-code-${round}-${run}@example.com`;
        const { elapsed, answer } = await codeAnswer(server, email);
        codeTimes[kind].push(elapsed);
        codeAnswers[kind].add(answer);
      }
    }
    const answers = Object.values(codeAnswers).map((set) => [...set].sort().join(" | "));
    const sameAnswer = answers.every((answer) => answer === answers[0]);
    console.log(
      `\nthe code's answers: ${CODE_CASES.map((kind, i) => `${kind}: ${answers[i]}`).join("; ")} — ${sameAnswer ? "the same" : "NOT the same"}`,
    );

    const same = [
      report(`"Powiadom mnie"`, times),
      report("the cart's first-order-only code (PIERWSZE15)", codeTimes),
    ].every(Boolean);
    process.exitCode = same && sameAnswer ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
