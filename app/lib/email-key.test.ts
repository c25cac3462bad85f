import { describe, expect, it } from "vitest";
import { emailKey } from "./email-key";

describe("emailKey", () => {
  it("lower-cases and trims", () => {
    expect(emailKey("  Ola.Nowak@Example.PL ")).toBe("ola.nowak@example.pl");
  });
  it("drops the +tag of any provider", () => {
    expect(emailKey("ola+drop1@example.pl")).toBe("ola@example.pl");
    expect(emailKey("ola+a+b@example.pl")).toBe("ola@example.pl");
  });
  it("ignores Gmail's dots and googlemail.com", () => {
    expect(emailKey("O.l.a+x@googlemail.com")).toBe("ola@gmail.com");
    expect(emailKey("ola@gmail.com")).toBe(emailKey("o.la@GMAIL.com"));
  });
  it("keeps dots elsewhere, and a leading + as written", () => {
    expect(emailKey("o.la@example.pl")).toBe("o.la@example.pl");
    expect(emailKey("+ola@example.pl")).toBe("+ola@example.pl");
  });
  it("leaves what is not one address alone, but lower-cased", () => {
    expect(emailKey("A@B@c.pl")).toBe("a@b@c.pl");
    expect(emailKey("nie-adres")).toBe("nie-adres");
    expect(emailKey("ola@")).toBe("ola@");
  });
});
