import { describe, expect, it } from "vitest";
import { REDACTED, redactLogFields, redactUrl } from "./log-redaction";

const SECRET = "s3cr3t-Tok3n_value";

describe("redactUrl", () => {
  it.each([
    [`/update-password?token=${SECRET}`, `/update-password?token=${REDACTED}`],
    [
      `/verify-email?token=${SECRET}&callbackURL=%2Faccount`,
      `/verify-email?token=${REDACTED}&callbackURL=%2Faccount`,
    ],
    [`/api/auth/verify-email?token=${SECRET}`, `/api/auth/verify-email?token=${REDACTED}`],
    [
      `/zamowienie/0b6f8a4e-1111-4a4a-9a9a-000000000001?token=${SECRET}`,
      `/zamowienie/0b6f8a4e-1111-4a4a-9a9a-000000000001?token=${REDACTED}`,
    ],
    [`/order-success?session_id=cs_test_${SECRET}`, `/order-success?session_id=${REDACTED}`],
    [`/order-success.data?session_id=${SECRET}`, `/order-success.data?session_id=${REDACTED}`],
    [`/zaproszenie/${SECRET}`, `/zaproszenie/${REDACTED}`],
    [
      `/zaproszenie/${SECRET}.data?_routes=routes%2Finvitation`,
      `/zaproszenie/${REDACTED}.data?_routes=routes%2Finvitation`,
    ],
    [`/platnosc-testowa/${SECRET}`, `/platnosc-testowa/${REDACTED}`],
    [`/platnosc-testowa/${SECRET}.data`, `/platnosc-testowa/${REDACTED}.data`],
    [
      `/api/auth/reset-password/${SECRET}?callbackURL=%2Fupdate-password`,
      `/api/auth/reset-password/${REDACTED}?callbackURL=%2Fupdate-password`,
    ],
    // Case, encoded names and odd spellings of the parameter do not slip through.
    [`/x?TOKEN=${SECRET}`, `/x?TOKEN=${REDACTED}`],
    [`/x?%74oken=${SECRET}`, `/x?%74oken=${REDACTED}`],
    [`/x?a=1&sessionId=${SECRET}&b=2`, `/x?a=1&sessionId=${REDACTED}&b=2`],
    [`/x?token=${SECRET}&token=${SECRET}`, `/x?token=${REDACTED}&token=${REDACTED}`],
    [`/x?token=%E0%A4%A${SECRET}`, `/x?token=${REDACTED}`],
  ])("%s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain(SECRET);
  });

  const ORDER = "/zamowienie/0b6f8a4e-1111-4a4a-9a9a-000000000001";

  // Forms the app refuses still reach the log: each must lose its token (issue #29).
  it.each([
    // an encoded '=' (the app reads no 'token' parameter, the log would show it whole)
    `${ORDER}?token%3D${SECRET}`,
    `${ORDER}?token%3d${SECRET}`,
    `${ORDER}?a=1&token%3D${SECRET}`,
    // ';' as a separator
    `${ORDER}?a=b;token=${SECRET}`,
    `${ORDER}?a=b%3Btoken=${SECRET}`,
    // an encoded '&' inside another value
    `${ORDER}?a=b%26token%3D${SECRET}`,
    // names encoded once, twice, with '+' or odd case
    `${ORDER}?%74%6F%6B%65%6E=${SECRET}`,
    `${ORDER}?%2574oken=${SECRET}`,
    `${ORDER}?Token=${SECRET}`,
    `${ORDER}?token[]=${SECRET}`,
    `${ORDER}?access_token=${SECRET}`,
    // repeated keys, a value with '=' in it, an encoded '?'
    `${ORDER}?token=a&token=${SECRET}`,
    `${ORDER}?token==${SECRET}`,
    `${ORDER}?x=1?token=${SECRET}`,
    `${ORDER}%3Ftoken%3D${SECRET}`,
    `${ORDER}%3ftoken=${SECRET}`,
    // in the path: after the order's id, instead of the id, as a matrix parameter, without the '?'
    `${ORDER}/${SECRET}`,
    `${ORDER};token=${SECRET}`,
    `${ORDER}&token=${SECRET}`,
    `${ORDER}/token=${SECRET}`,
    `/zamowienie/${SECRET}`,
    `/zamowienie/${SECRET}.data`,
    // a secret path's prefix spelled otherwise
    `/Zaproszenie/${SECRET}`,
    `/%7Aaproszenie/${SECRET}`,
    `//zaproszenie/${SECRET}`,
    `/platnosc-testowa/${SECRET}/`,
    // a fragment, however it is written
    `${ORDER}#token=${SECRET}`,
    `${ORDER}?a=1#${SECRET}`,
    `https://nokturn.example${ORDER}?a=b;token=${SECRET}`,
  ])("hides the token of %s", (url) => {
    const redacted = redactUrl(url);
    expect(redacted).not.toContain(SECRET);
    expect(redacted).toContain(REDACTED);
  });

  it("keeps the order's id and what says which request it was", () => {
    expect(redactUrl(`${ORDER}?a=b;token=${SECRET}`)).toBe(`${ORDER}?a=b;token=${REDACTED}`);
    expect(redactUrl(`${ORDER}.data?token=${SECRET}`)).toBe(`${ORDER}.data?token=${REDACTED}`);
    expect(redactUrl(`${ORDER}/${SECRET}`)).toBe(`${ORDER}/${REDACTED}`);
    expect(redactUrl(`/zamowienie/${SECRET}.data`)).toBe(`/zamowienie/${REDACTED}.data`);
    expect(redactUrl(ORDER)).toBe(ORDER);
    expect(redactUrl(`${ORDER}.data`)).toBe(`${ORDER}.data`);
  });

  it("keeps absolute URLs' origin and URLs without secrets as they are", () => {
    expect(redactUrl(`https://nokturn.example/update-password?token=${SECRET}`)).toBe(
      `https://nokturn.example/update-password?token=${REDACTED}`,
    );
    for (const url of [
      "/",
      "/merch?category=czapki&page=2",
      "/merch/czapka.data",
      "/zaproszenie/",
      "not a url",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it("drops a fragment", () => {
    expect(redactUrl(`/update-password#${SECRET}`)).toBe(`/update-password#${REDACTED}`);
  });
});

describe("redactUrl: Powiadom mnie's links (issue #42)", () => {
  const CONFIRM_TOKEN = "Ab3_dEf-Ghij0123456789klmnOPQRSTuvwxyz01234";
  const UNSUBSCRIBE_TOKEN = `0b6f8a4e-1111-4a4a-9a9a-000000000001.${CONFIRM_TOKEN}`;
  it.each([
    [`/powiadom-mnie/potwierdz/${CONFIRM_TOKEN}`, `/powiadom-mnie/potwierdz/${REDACTED}`],
    [`/powiadom-mnie/potwierdz/${CONFIRM_TOKEN}.data`, `/powiadom-mnie/potwierdz/${REDACTED}.data`],
    [`/powiadom-mnie/wypisz/${UNSUBSCRIBE_TOKEN}`, `/powiadom-mnie/wypisz/${REDACTED}`],
    [
      `https://nokturn.example/powiadom-mnie/wypisz/${UNSUBSCRIBE_TOKEN}.data?_routes=routes%2Fnotify-me`,
      `https://nokturn.example/powiadom-mnie/wypisz/${REDACTED}.data?_routes=routes%2Fnotify-me`,
    ],
    // Any spelling React Router still routes: another case, escaped letters, doubled slashes.
    [`/Powiadom-Mnie/POTWIERDZ/${CONFIRM_TOKEN}`, `/Powiadom-Mnie/POTWIERDZ/${REDACTED}`],
    [`/powiadom%2Dmnie/potwierd%7A/${CONFIRM_TOKEN}`, `/powiadom%2Dmnie/potwierd%7A/${REDACTED}`],
    [`//powiadom-mnie//wypisz//${UNSUBSCRIBE_TOKEN}`, `//powiadom-mnie//wypisz//${REDACTED}`],
    [`/powiadom-mnie/wypisz/${encodeURIComponent(UNSUBSCRIBE_TOKEN)}/`, `/powiadom-mnie/wypisz/${REDACTED}/`],
  ])("%s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain(CONFIRM_TOKEN);
  });

  it("keeps the form's own address", () => {
    for (const url of ["/powiadom-mnie", "/powiadom-mnie.data", "/powiadom-mnie/"])
      expect(redactUrl(url)).toBe(url);
  });
});

describe("redactLogFields", () => {
  it("redacts URL-like fields and leaves the rest (and a line without secrets) untouched", () => {
    const fields = {
      url: `https://a.example/zaproszenie/${SECRET}`,
      path: `/platnosc-testowa/${SECRET}`,
      status: 413,
    };
    expect(redactLogFields(fields)).toEqual({
      url: `https://a.example/zaproszenie/${REDACTED}`,
      path: `/platnosc-testowa/${REDACTED}`,
      status: 413,
    });
    expect(fields.url).toContain(SECRET);
    const clean = { url: "/merch", count: 1 };
    expect(redactLogFields(clean)).toBe(clean);
  });
});
