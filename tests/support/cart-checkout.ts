/**
 * Starting a checkout as a buyer does (decision 035: the cart's forms are the one way to check out):
 * the lines added to the visitor's cart, the delivery, the code and the e-mail chosen, then "checkout",
 * which answers a 303 to the payment page. Each step is the form a hydrated page posts (`_enhanced`),
 * so a refusal keeps its status (400, 409, 429); its Polish message is in the page it renders (`text`).
 */
import type { APIRequestContext } from "@playwright/test";

export type CheckoutLine = { productId: string; variantId?: string | null; quantity?: number };
export type CheckoutLocker = { id: string; name: string; address: { line1: string; line2?: string } };
export type CheckoutRequest = {
  lines: CheckoutLine[];
  deliveryMethod?: "courier" | "inpost";
  locker?: CheckoutLocker | null;
  discountCode?: string | null;
  email?: string | null;
};
/** Where a step ended: the payment page's URL on success, else the refusal's status and page. */
export type CheckoutStart = { status: number; url?: string; text?: string };

/** One form post to /cart: its status, the redirect's target, and the answer's data. */
export type PostCartForm = (
  form: Record<string, string | string[]>,
) => Promise<{ status: number; location: string | null; text: string }>;

function formBody(form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  body.append("_enhanced", "1");
  return body;
}

function refused(answer: { status: number; text: string }): CheckoutStart {
  return { status: answer.status, text: answer.text };
}

export async function checkoutThroughCart(
  post: PostCartForm,
  request: CheckoutRequest,
): Promise<CheckoutStart> {
  const steps: Record<string, string | string[]>[] = [
    {
      intent: "add",
      productId: request.lines.map((line) => line.productId),
      variantId: request.lines.map((line) => line.variantId ?? ""),
      quantity: request.lines.map((line) => String(line.quantity ?? 1)),
    },
  ];
  if (request.deliveryMethod === "inpost" && request.locker) {
    const { id, name, address } = request.locker;
    steps.push({
      intent: "locker",
      lockerId: id,
      lockerName: name,
      lockerLine1: address.line1,
      lockerLine2: address.line2 ?? "",
    });
  } else if (request.deliveryMethod) {
    steps.push({ intent: "delivery", method: request.deliveryMethod });
  }
  if (request.email) steps.push({ intent: "email", email: request.email });
  if (request.discountCode) steps.push({ intent: "code", code: request.discountCode });
  for (const step of steps) {
    const answer = await post(step);
    if (answer.status >= 400) return refused(answer);
  }
  const started = await post({ intent: "checkout" });
  if (started.status === 303 && started.location) return { status: 200, url: started.location };
  return refused(started);
}

/** Posting as a browser tab (Playwright's request context: its cookies are the page's). */
export function postWithPage(request: APIRequestContext): PostCartForm {
  return async (form) => {
    const response = await request.post("/cart", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: formBody(form).toString(),
      maxRedirects: 0,
    });
    return {
      status: response.status(),
      location: response.headers().location ?? null,
      text: await response.text(),
    };
  };
}

/** Posting with `fetch` from a test or a bench, with a cookie jar of its own (one buyer). */
export function postWithFetch(base: string, init: { headers?: Record<string, string> } = {}): PostCartForm {
  const jar = new Map<string, string>();
  return async (form) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...init.headers,
      },
      body: formBody(form),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return {
      status: response.status,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  };
}
