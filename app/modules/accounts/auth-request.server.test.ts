import { describe, expect, it } from "vitest";
import { authRequestIp, withAuthRequest } from "./auth-request.server";

describe("the facts of a better-auth call", () => {
  it("are the request's through every await, each call its own, and unknown outside one", async () => {
    expect(authRequestIp()).toBe("unknown");
    const seen = await Promise.all(
      ["198.51.100.1", "2001:db8::1"].map((ip) =>
        withAuthRequest({ ip }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          const inner = await withAuthRequest({ ip: "203.0.113.9" }, async () => authRequestIp());
          return [authRequestIp(), inner];
        }),
      ),
    );
    expect(seen).toEqual([
      ["198.51.100.1", "203.0.113.9"],
      ["2001:db8::1", "203.0.113.9"],
    ]);
    expect(withAuthRequest({ ip: "" }, authRequestIp)).toBe("unknown");
    expect(authRequestIp()).toBe("unknown");
  });
});
