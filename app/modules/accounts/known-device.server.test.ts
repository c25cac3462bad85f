import { describe, expect, it } from "vitest";
import {
  isKnownDeviceToken,
  KNOWN_DEVICE_COOKIE,
  knownDeviceFromCookies,
  knownDeviceToken,
} from "./known-device.server";
import { LOGIN_BACKOFF, loginBackoffMs } from "./rate-limits.server";

const SECRET = "unit-test-secret-0123456789abcdef";

describe("known-device cookie", () => {
  it("is accepted for the address it was issued for, case aside, and nothing else", () => {
    const token = knownDeviceToken(SECRET, "ola@example.pl");
    expect(isKnownDeviceToken(token, SECRET, "ola@example.pl")).toBe(true);
    expect(isKnownDeviceToken(token, SECRET, " OLA@example.pl ")).toBe(true);
    expect(isKnownDeviceToken(token, SECRET, "ela@example.pl")).toBe(false);
    expect(isKnownDeviceToken(token, "another-secret-0123456789abcdef", "ola@example.pl")).toBe(false);
    expect(isKnownDeviceToken(`${token}x`, SECRET, "ola@example.pl")).toBe(false);
    expect(isKnownDeviceToken(`${token}.x`, SECRET, "ola@example.pl")).toBe(false);
    expect(isKnownDeviceToken("", SECRET, "ola@example.pl")).toBe(false);
    expect(isKnownDeviceToken(null, SECRET, "ola@example.pl")).toBe(false);
    expect(knownDeviceToken(SECRET, "ola@example.pl")).not.toBe(token);
  });

  it("is read from a Cookie header", () => {
    expect(knownDeviceFromCookies(`a=1; ${KNOWN_DEVICE_COOKIE}=abc.def; b=2`)).toBe("abc.def");
    expect(knownDeviceFromCookies("a=1")).toBeNull();
    expect(knownDeviceFromCookies(null)).toBeNull();
  });
});

describe("login back-off", () => {
  it("is free for the first failures, then doubles from one minute up to 30 minutes", () => {
    const minutes = (failures: number) => loginBackoffMs(failures) / 60_000;
    expect([0, 1, 4].map(minutes)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 50, 10_000].map(minutes)).toEqual([1, 2, 4, 8, 16, 30, 30, 30, 30]);
    expect(LOGIN_BACKOFF.freeFailures).toBe(5);
  });
});
