import { describe, expect, it } from "vitest";
import { deliveryAddressLines } from "./order-view";

describe("an order's delivery address", () => {
  it("lists the courier address without empty lines", () => {
    expect(
      deliveryAddressLines({
        deliveryMethod: "courier",
        shippingAddress: {
          name: "Ewa Testowa",
          line1: "ul. Kuźnicza 12/3",
          postal_code: "50-138",
          city: "Wrocław",
        },
        locker: null,
      }),
    ).toEqual(["Ewa Testowa", "ul. Kuźnicza 12/3", "50-138 Wrocław"]);
  });

  it("names the parcel locker for InPost, and has no lines without an address", () => {
    expect(
      deliveryAddressLines({
        deliveryMethod: "inpost",
        shippingAddress: null,
        locker: { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 1", line2: "50-079 Wrocław" } },
      }),
    ).toEqual(["Paczkomat WRO01M", "ul. Ruska 1", "50-079 Wrocław"]);
    expect(deliveryAddressLines({ deliveryMethod: "courier", shippingAddress: null, locker: null })).toEqual(
      [],
    );
  });
});
