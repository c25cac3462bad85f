import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reviewAuthorName } from "../reviews/reviews";
import {
  accountNameFromEmail,
  FALLBACK_NAME,
  impersonatesBrand,
  NAME_MAX,
  nameMessages,
  nameProblem,
  normalizeName,
} from "./display-name";

const BRAND = "NOKTURN";

describe("account names (issue 14, observation 7)", () => {
  it("accepts ordinary names, Polish letters and all", () => {
    for (const name of ["Ola", "Anna Kowalska", "Łukasz Żółć", "Jean-Luc", "O'Brien", "Zoë", "李"]) {
      expect(nameProblem(name.length < 2 ? `${name}${name}` : name, BRAND), name).toBeNull();
    }
    expect(nameProblem("Kasia 🎧", BRAND)).toBeNull();
  });

  it("refuses names too short or too long, including a 100,000-character one", () => {
    expect(nameProblem("", BRAND)).toBe(nameMessages.tooShort);
    expect(nameProblem("   a   ", BRAND)).toBe(nameMessages.tooShort);
    expect(nameProblem("x".repeat(NAME_MAX), BRAND)).toBeNull();
    expect(nameProblem("x".repeat(NAME_MAX + 1), BRAND)).toBe(nameMessages.tooLong);
    expect(nameProblem("x".repeat(100_000), BRAND)).toBe(nameMessages.tooLong);
    expect(nameProblem(42, BRAND)).toBe(nameMessages.invalid);
    expect(nameProblem(null, BRAND)).toBe(nameMessages.invalid);
  });

  it("refuses control and invisible formatting characters", () => {
    for (const bad of [
      "\u0000",
      "\n",
      "\u001b",
      "\u0085",
      "\u200b",
      "\u200e",
      "\u202e",
      "\u2066",
      "\ufeff",
    ]) {
      expect(nameProblem(`Ola${bad}Nowak`, BRAND), `U+${bad.charCodeAt(0).toString(16)}`).toBe(
        nameMessages.invalidCharacters,
      );
    }
  });

  it("refuses the brand however it is written", () => {
    for (const name of [
      "NOKTURN Oficjalnie",
      "nokturn",
      "Sklep Nokturn",
      "N O K T U R N",
      "N.O.K.T.U.R.N.",
      "N0KTURN",
      "N0K7URN",
      "NÓKTÜRŃ",
      "Nокturn", // Cyrillic о
      "ΝΟΚΤURN", // Greek capitals
      "ＮＯＫＴＵＲＮ", // full-width
      "𝐍𝐎𝐊𝐓𝐔𝐑𝐍", // mathematical bold
      "nok-turn_official",
    ]) {
      expect(nameProblem(name, BRAND), name).toBe("Imię nie może zawierać nazwy NOKTURN");
      expect(impersonatesBrand(name, BRAND), name).toBe(true);
    }
    expect(impersonatesBrand("Nocturne", BRAND)).toBe(false);
    expect(impersonatesBrand("Turnus", BRAND)).toBe(false);
    // The brand comes from the settings, not from code.
    expect(impersonatesBrand("Oficjalny Świt", "ŚWIT")).toBe(true);
    expect(impersonatesBrand("NOKTURN", "ŚWIT")).toBe(false);
  });

  it("never lets a name holding the brand through, whatever surrounds it", () => {
    const filler = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(
        filler,
        filler,
        fc.constantFrom("NOKTURN", "nokturn", "N0KTURN", "N-o-k-t-u-r-n"),
        (a, b, brand) => {
          expect(nameProblem(`${a}${brand}${b}`, BRAND)).not.toBeNull();
        },
      ),
    );
  });

  it("stores names trimmed, NFC, with single spaces", () => {
    expect(normalizeName("  Anna   Maria\tKowalska ")).toBe("Anna Maria Kowalska");
    expect(normalizeName("Zo\u0065\u0308")).toBe("Zoë");
  });

  it("names a new account after its e-mail, unless that part could not be a name", () => {
    expect(accountNameFromEmail("ola.nowak@example.pl", BRAND)).toBe("ola.nowak");
    expect(accountNameFromEmail("nokturn.oficjalnie@example.pl", BRAND)).toBe(FALLBACK_NAME);
    expect(accountNameFromEmail("x@example.pl", BRAND)).toBe(FALLBACK_NAME);
    expect(accountNameFromEmail(`${"a".repeat(90)}@example.pl`, BRAND)).toBe(FALLBACK_NAME);
  });

  it("reviews never show a stored name passing for the shop", () => {
    expect(reviewAuthorName({ name: "NOKTURN Oficjalnie", email: "zly@example.pl" }, BRAND)).toBe("z***");
    expect(reviewAuthorName({ name: "Anna Kowalska", email: "anna@example.pl" }, BRAND)).toBe("Anna");
  });
});
