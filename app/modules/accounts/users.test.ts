import { describe, expect, it } from "vitest";
import { roleEnum } from "../../../db/schema";
import {
  missingRoles,
  parseUserFilters,
  ROLE_VALUES,
  userListSearch,
  userMessages,
  userRoleActionSchema,
  userRoleToast,
} from "./users.schema";

describe("roles", () => {
  it("are the database enum's, in its order", () => {
    expect([...ROLE_VALUES]).toEqual(roleEnum.enumValues);
  });

  it("the add-role selector offers only roles not held yet", () => {
    expect(missingRoles([])).toEqual(["admin", "moderator", "user", "door"]);
    expect(missingRoles(["user", "admin"])).toEqual(["moderator", "door"]);
    expect(missingRoles(["admin", "moderator", "user", "door"])).toEqual([]);
  });
});

describe("user filters from the URL", () => {
  it("trims the search and reads the page", () => {
    expect(parseUserFilters(new URLSearchParams("q=%20Kowal%20&page=3"))).toEqual({ q: "Kowal", page: 3 });
  });

  it("falls back to the first page for anything unusable", () => {
    for (const page of ["0", "-2", "abc", "1.5", "99999999"]) {
      expect(parseUserFilters(new URLSearchParams({ page })).page).toBe(1);
    }
    expect(parseUserFilters(new URLSearchParams()).q).toBe("");
  });

  it("caps the search length", () => {
    expect(parseUserFilters(new URLSearchParams({ q: "a".repeat(1000) })).q).toHaveLength(255);
  });

  it("builds the query string of a page", () => {
    expect(userListSearch({ q: "", page: 1 })).toBe("");
    expect(userListSearch({ q: "ola@", page: 2 })).toBe("?q=ola%40&page=2");
  });
});

describe("the role action schema", () => {
  it("accepts add and remove with a known role", () => {
    expect(userRoleActionSchema.parse({ intent: "add-role", userId: "u1", role: "moderator" })).toEqual({
      intent: "add-role",
      userId: "u1",
      role: "moderator",
    });
    expect(
      userRoleActionSchema.safeParse({ intent: "remove-role", userId: "u1", role: "admin" }).success,
    ).toBe(true);
  });

  it("refuses an unknown role or intent with Polish messages", () => {
    const badRole = userRoleActionSchema.safeParse({ intent: "add-role", userId: "u1", role: "root" });
    expect(badRole.error?.issues[0]?.message).toBe(userMessages.chooseRole);
    const badIntent = userRoleActionSchema.safeParse({ intent: "drop", userId: "u1", role: "user" });
    expect(badIntent.error?.issues[0]?.message).toBe(userMessages.invalidRequest);
    const noUser = userRoleActionSchema.safeParse({ intent: "add-role", userId: "", role: "user" });
    expect(noUser.error?.issues[0]?.message).toBe(userMessages.userNotFound);
  });
});

describe("toasts (SPEC §8)", () => {
  const base = { userId: "u1", role: "admin" as const };
  it("name the failed action before the server's reason", () => {
    expect(userRoleToast({ ...base, ok: false, intent: "add-role", message: "x" })).toBe(
      "Błąd przypisywania roli: x",
    );
    expect(userRoleToast({ ...base, ok: false, intent: "remove-role", message: userMessages.ownAdmin })).toBe(
      "Błąd usuwania roli: Nie możesz usunąć własnej roli administratora",
    );
    expect(userMessages.loadFailed("y")).toBe("Błąd pobierania użytkowników: y");
  });

  it("say the success texts verbatim", () => {
    expect(userRoleToast({ ...base, ok: true, intent: "add-role", message: userMessages.added })).toBe(
      "Rola została przypisana",
    );
    expect(userMessages.removed).toBe("Rola została usunięta");
    expect(userMessages.removeConfirm).toBe("Usunąć rolę?");
  });
});
