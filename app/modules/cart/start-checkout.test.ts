import { describe, expect, it, vi } from "vitest";
import {
  buildCheckoutRequest,
  CHECKOUT_ENDPOINT,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_ERROR_TITLE,
  requestCheckout,
} from "./start-checkout";

const items = [
  { productId: "p1", variantId: "v1", quantity: 2, price: 1, name: "X" },
  { productId: "p2", variantId: null, quantity: 1 },
];
const locker = { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } };

function respond(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
}

describe("starting checkout", () => {
  it("sends ids, quantities, delivery, locker and code only — never prices", () => {
    const request = buildCheckoutRequest({
      items,
      delivery: { method: "inpost", locker },
      discountCode: "NOKTURN10",
    });
    expect(request).toEqual({
      lines: [
        { productId: "p1", variantId: "v1", quantity: 2 },
        { productId: "p2", variantId: null, quantity: 1 },
      ],
      deliveryMethod: "inpost",
      locker,
      discountCode: "NOKTURN10",
    });
    expect(
      buildCheckoutRequest({ items, delivery: { method: "courier", locker }, discountCode: null }).locker,
    ).toBeNull();
  });

  it("sends a guest's e-mail only when the cart asked for it, and passes the server's field and 429 on", async () => {
    const request = buildCheckoutRequest({
      items,
      delivery: { method: "courier", locker: null },
      discountCode: "PIERWSZE15",
      email: " ola@example.pl ",
    });
    expect(request.email).toBe("ola@example.pl");
    expect(
      "email" in
        buildCheckoutRequest({ items, delivery: { method: "courier", locker: null }, discountCode: null }),
    ).toBe(false);
    const message =
      "Podaj adres e-mail, aby użyć kodu PIERWSZE15 (obowiązuje tylko przy pierwszym zamówieniu).";
    expect(await requestCheckout(request, respond(400, { message, field: "email" }))).toEqual({
      ok: false,
      title: "Nie można złożyć zamówienia",
      message,
      productId: undefined,
      field: "email",
    });
    const limited = "Zbyt wiele prób rozpoczęcia płatności. Spróbuj ponownie za kilka minut.";
    expect(await requestCheckout(request, respond(429, { message: limited }))).toMatchObject({
      ok: false,
      message: limited,
    });
  });

  it("refuses InPost without a locker before any request", async () => {
    const fetcher = respond(200, { url: "https://pay.example" });
    const outcome = await requestCheckout(
      buildCheckoutRequest({ items, delivery: { method: "inpost", locker: null }, discountCode: null }),
      fetcher,
    );
    expect(outcome).toEqual({
      ok: false,
      title: "Wybierz Paczkomat",
      message: "Musisz wybrać Paczkomat InPost przed płatnością",
    });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("answers the payment URL on success", async () => {
    const fetcher = respond(200, { url: "https://pay.example/s/1" });
    const request = buildCheckoutRequest({
      items,
      delivery: { method: "courier", locker: null },
      discountCode: null,
    });
    expect(await requestCheckout(request, fetcher)).toEqual({ ok: true, url: "https://pay.example/s/1" });
    expect(fetcher).toHaveBeenCalledWith(CHECKOUT_ENDPOINT, expect.objectContaining({ method: "POST" }));
  });

  it("passes the server's message for 409 and 400", async () => {
    const request = buildCheckoutRequest({
      items,
      delivery: { method: "courier", locker: null },
      discountCode: null,
    });
    expect(
      await requestCheckout(request, respond(409, { message: "Brak towaru", productId: "p1" })),
    ).toMatchObject({
      ok: false,
      message: "Brak towaru",
      productId: "p1",
    });
    expect(await requestCheckout(request, respond(400, { message: "Kod wygasł" }))).toMatchObject({
      ok: false,
      message: "Kod wygasł",
    });
  });

  it("turns a missing URL, a server error or a network failure into the payment error", async () => {
    const request = buildCheckoutRequest({
      items,
      delivery: { method: "courier", locker: null },
      discountCode: null,
    });
    const generic = { ok: false, title: PAYMENT_ERROR_TITLE, message: PAYMENT_ERROR_MESSAGE };
    expect(await requestCheckout(request, respond(200, {}))).toEqual(generic);
    expect(await requestCheckout(request, respond(500, { message: "boom" }))).toEqual(generic);
    expect(await requestCheckout(request, respond(502, "nie json"))).toEqual(generic);
    expect(
      await requestCheckout(
        request,
        vi.fn(async () => {
          throw new TypeError("offline");
        }),
      ),
    ).toEqual(generic);
  });
});
