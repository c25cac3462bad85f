import { describe, expect, it } from "vitest";
import { clientIpOf, requestContext, requestFacts } from "./request-context";

describe("the request's context", () => {
  it("says nothing is known when Express told it nothing", () => {
    const context = requestContext();
    expect(requestFacts(context)).toEqual({
      nonce: "",
      clientIp: "unknown",
      forSharedCache: false,
      scriptHashes: [],
    });
    expect(clientIpOf(context)).toBe("unknown");
  });

  it("carries the very object Express made, so the page cache reads the hashes the render wrote", () => {
    const facts = {
      nonce: "abc",
      clientIp: "203.0.113.9",
      forSharedCache: true,
      scriptHashes: [] as string[],
    };
    const context = requestContext(facts);
    requestFacts(context).scriptHashes = ["sha256-x"];
    expect(facts.scriptHashes).toEqual(["sha256-x"]);
    expect(clientIpOf(context)).toBe("203.0.113.9");
  });

  it("gives each request its own facts", () => {
    const a = requestContext();
    const b = requestContext();
    requestFacts(a).scriptHashes.push("sha256-a");
    expect(requestFacts(b).scriptHashes).toEqual([]);
  });
});
