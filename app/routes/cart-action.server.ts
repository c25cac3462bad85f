/**
 * `/cart`'s edge (decision 031, Hydrogen's cart handler): the visitor's cart from the session and the
 * cart cookie, the page's data, and every cart form as one intent table on `handleFormAction`, each
 * intent a schema of cart.schema.ts and one command. A plain form (no `_enhanced`) is answered by a
 * 303 back (`returnTo`, else `/cart`) with the answer's message as a flash, refusals too; an
 * enhanced one by data. Both carry the cart's cookies, set by this request's handler.
 */
import { createContext, data } from "react-router";
import { forwardCookies, readCookie } from "~/lib/cookies.server";
import { handleFormAction, type IntentOutcome, intent } from "~/lib/form-action.server";
import { clientIpOf } from "~/lib/request-context";
import { type RequestArgs, sessionUser } from "~/modules/accounts/auth.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import {
  addedLines,
  addTicketFormSchema,
  addToCartFormSchema,
  attendeesFormSchema,
  CHECKOUT_EMAIL_INVALID_MESSAGE,
  checkoutFormSchema,
  deliveryFormSchema,
  discountCodeFormSchema,
  emailFormSchema,
  emptyFormSchema,
  INVALID_FORM_MESSAGE,
  LOCKER_CODE_MESSAGE,
  lineFormSchema,
  lockerFormSchema,
  quantityFormSchema,
  TICKET_QUANTITY_MESSAGE,
  takeoverFormSchema,
  ticketLineFormSchema,
  ticketQuantityFormSchema,
} from "~/modules/cart/cart.schema";
import {
  addProducts,
  applyCode,
  type CartChange,
  changeQuantity,
  chooseDelivery,
  chooseLocker,
  removeCode,
  removeFromCart,
  saveCartEmail,
  takeOverOldCart,
} from "~/modules/cart/cart-commands.server";
import {
  CART_COUNT,
  LEGACY_CART,
  type SentCartCookies,
  sentCartId,
  syncCartCookies,
} from "~/modules/cart/cart-cookies.server";
import { cartPage } from "~/modules/cart/cart-page.server";
import { unitCount } from "~/modules/cart/cart-store.server";
import {
  addTickets,
  changeTicketQuantity,
  removeTickets,
  saveAttendees,
} from "~/modules/cart/cart-tickets.server";
import type { CartLoaderData } from "~/modules/cart/cart-view";
import { DELIVERY_METHOD_MESSAGE } from "~/modules/cart/limits";
import { type Visitor, visitorFor } from "~/modules/cart/visitor";
import { checkoutFromCart } from "~/modules/checkout/cart-checkout.server";
import { PAYMENT_UNAVAILABLE } from "~/modules/checkout/checkout-errors";

/** The cart cookies the browser sent. */
export async function sentCartCookies(request: Request): Promise<SentCartCookies> {
  const [cartId, count, legacy] = await Promise.all([
    sentCartId(request.headers.get("cookie")),
    readCookie(request, CART_COUNT),
    readCookie(request, LEGACY_CART),
  ]);
  return { ...cartId, count, legacy };
}

const visitorKey = createContext<Promise<Visitor> | null>(null);

/**
 * Whose cart this request is about: the signed-in customer, else the browser's cart cookie. Worked out
 * once per request and kept in its context, as the session user is.
 */
export function visitorOf(args: RequestArgs): Promise<Visitor> {
  const known = args.context.get(visitorKey);
  if (known) return known;
  const visitor = Promise.all([sessionUser(args), sentCartId(args.request.headers.get("cookie"))]).then(
    ([user, sent]) => visitorFor(user ? { id: user.id, email: user.email } : null, sent.cartId, sent.bound),
  );
  args.context.set(visitorKey, visitor);
  return visitor;
}

/**
 * The page's data. A visitor without any cart cookie and not signed in gets the empty cart everyone
 * gets (cacheable); anyone else their own, `private, no-store`, with the cookies brought in line.
 */
export async function cartLoader(args: RequestArgs) {
  const sent = await sentCartCookies(args.request);
  const visitor = await visitorOf(args);
  const personal =
    visitor.user !== null || sent.cartId !== null || sent.count !== null || sent.legacy !== null;
  if (!personal) return data<CartLoaderData>({ cart: null, notice: null });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const { record, ...page } = await cartPage(visitor);
  await syncCartCookies(headers, visitor, record, sent);
  return data<CartLoaderData>(page, { headers });
}

const FAILED = "Nie udało się zmienić koszyka. Spróbuj ponownie za chwilę.";
const CHECKING_OUT = "Przekierowywanie do płatności...";
/** The headings of a refused cart form, as the toasts show them (a command's DomainError may name its own). */
const ADD_REFUSED = "Nie dodano do koszyka";
const NOT_CHANGED = "Nie zmieniono koszyka";

/** Every cart form: one intent each (the form's fields: cart-view.ts). */
export async function cartAction(args: RequestArgs) {
  const { request, context } = args;
  const sent = await sentCartCookies(request);
  const visitor = await visitorOf(args);
  const ip = clientIpOf(context);
  const headers = new Headers({ "Cache-Control": "no-store" });

  const answer = async (change: CartChange): Promise<IntentOutcome> => {
    await syncCartCookies(headers, visitor, change.cart, sent, { renew: true });
    return {
      ...(change.title ? { title: change.title } : {}),
      message: change.message,
      count: unitCount(change.cart),
    };
  };

  const intents = {
    add: intent({
      title: ADD_REFUSED,
      schema: addToCartFormSchema,
      failure: FAILED,
      run: async (form) => answer(await addProducts(visitor, addedLines(form), ip)),
    }),
    quantity: intent({
      title: NOT_CHANGED,
      schema: quantityFormSchema,
      failure: FAILED,
      run: async ({ line, quantity }) => answer(await changeQuantity(visitor, line, quantity)),
    }),
    remove: intent({
      title: NOT_CHANGED,
      schema: lineFormSchema,
      invalid: INVALID_FORM_MESSAGE,
      failure: FAILED,
      run: async ({ line }) => answer(await removeFromCart(visitor, line)),
    }),
    delivery: intent({
      title: NOT_CHANGED,
      schema: deliveryFormSchema,
      invalid: DELIVERY_METHOD_MESSAGE,
      failure: FAILED,
      run: async ({ method }) => answer(await chooseDelivery(visitor, method)),
    }),
    locker: intent({
      title: NOT_CHANGED,
      schema: lockerFormSchema,
      invalid: LOCKER_CODE_MESSAGE,
      failure: FAILED,
      run: async (locker) => answer(await chooseLocker(visitor, locker)),
    }),
    code: intent({
      schema: discountCodeFormSchema,
      failure: FAILED,
      run: async ({ code }) => answer(await applyCode(visitor, code, ip)),
    }),
    "remove-code": intent({
      title: NOT_CHANGED,
      schema: emptyFormSchema,
      failure: FAILED,
      run: async () => answer(await removeCode(visitor)),
    }),
    email: intent({
      title: NOT_CHANGED,
      schema: emailFormSchema,
      invalid: CHECKOUT_EMAIL_INVALID_MESSAGE,
      failure: FAILED,
      run: async ({ email }) => answer(await saveCartEmail(visitor, email)),
    }),
    takeover: intent({
      title: NOT_CHANGED,
      schema: takeoverFormSchema,
      invalid: INVALID_FORM_MESSAGE,
      failure: FAILED,
      run: async ({ lines }) => answer(await takeOverOldCart(visitor, lines, ip)),
    }),
    "add-ticket": intent({
      title: "Nie dodano biletów",
      schema: addTicketFormSchema,
      invalid: TICKET_QUANTITY_MESSAGE,
      failure: FAILED,
      run: async ({ ticketTypeId, quantity }) =>
        answer(await addTickets(visitor, ticketTypeId, quantity, ip)),
    }),
    "ticket-quantity": intent({
      title: NOT_CHANGED,
      schema: ticketQuantityFormSchema,
      failure: FAILED,
      run: async ({ ticketLine, quantity }) =>
        answer(await changeTicketQuantity(visitor, ticketLine, quantity)),
    }),
    "remove-ticket": intent({
      title: NOT_CHANGED,
      schema: ticketLineFormSchema,
      invalid: INVALID_FORM_MESSAGE,
      failure: FAILED,
      run: async ({ ticketLine }) => answer(await removeTickets(visitor, ticketLine)),
    }),
    attendees: intent({
      title: NOT_CHANGED,
      schema: attendeesFormSchema,
      failure: FAILED,
      run: async ({ ticketLine, attendees }) => answer(await saveAttendees(visitor, ticketLine, attendees)),
    }),
    checkout: intent({
      schema: checkoutFormSchema,
      invalid: CHECKOUT_EMAIL_INVALID_MESSAGE,
      // The payment provider gave no session (PaymentUnavailableError): nothing was reserved.
      failure: PAYMENT_UNAVAILABLE.message,
      failureStatus: 503,
      run: async ({ email, adult }) => {
        const started = await checkoutFromCart({ visitor, email, adult, ip });
        return { ...(await answer({ cart: started.cart, message: CHECKING_OUT })), redirectTo: started.url };
      },
    }),
  };

  const answered = await handleFormAction(request, intents, {
    invalidRequest: INVALID_FORM_MESSAGE,
    plain: {
      redirectTo: (form) => safeRedirectPath(form.get("returnTo")) ?? "/cart",
      refusals: true,
      // A copy: the flash is added to the redirect's headers, never to the cart's own.
      headers: () => new Headers(headers),
    },
  });
  if (answered instanceof Response) return answered;
  const merged = new Headers(answered.init?.headers);
  merged.set("Cache-Control", "no-store");
  forwardCookies(headers, merged);
  return data(answered.data, { status: answered.init?.status ?? 200, headers: merged });
}
