import { describe, expect, it } from "vitest";
import { loginSchema, signupSchema } from "./auth.schema";
import { registrationDate } from "./format";
import { authErrorMessage, rateLimitMessage } from "./messages";
import { resetRequestSchema, updatePasswordSchema } from "./password.schema";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("account form schemas (SPEC §5)", () => {
  it("refuse a NUL or other control character in any field with a Polish message (issue 14)", () => {
    const controlChars = "Pole zawiera niedozwolone znaki sterujące";
    for (const bad of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\n"]) {
      expect(messages(loginSchema.safeParse({ email: `ola${bad}@example.pl`, password: "sekret" }))).toEqual({
        email: controlChars,
      });
      expect(messages(loginSchema.safeParse({ email: "ola@example.pl", password: `sek${bad}ret` }))).toEqual({
        password: controlChars,
      });
      const password = `sekret${bad}`;
      expect(
        messages(signupSchema.safeParse({ email: "ola@example.pl", password, confirmPassword: password })),
      ).toEqual({ password: controlChars });
      expect(messages(resetRequestSchema.safeParse({ email: `o${bad}la@example.pl` }))).toEqual({
        email: controlChars,
      });
      expect(
        messages(updatePasswordSchema.safeParse({ token: "abc", password, confirmPassword: password })),
      ).toEqual({ password: controlChars });
    }
  });

  it("login: required fields and a valid address; the address is normalised", () => {
    expect(messages(loginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Podaj adres email",
      password: "Podaj hasło",
    });
    expect(messages(loginSchema.safeParse({ email: "nie-email", password: "x" }))).toEqual({
      email: "Nieprawidłowy adres email",
    });
    expect(loginSchema.parse({ email: "  Ola@Example.PL ", password: "x" }).email).toBe("ola@example.pl");
  });

  it("sign-up: password of at least 6 characters and a matching confirmation", () => {
    expect(
      messages(signupSchema.safeParse({ email: "a@b.pl", password: "12345", confirmPassword: "12345" })),
    ).toEqual({
      password: "Hasło musi mieć minimum 6 znaków",
    });
    expect(
      messages(signupSchema.safeParse({ email: "a@b.pl", password: "123456", confirmPassword: "123457" })),
    ).toEqual({ confirmPassword: "Hasła nie są identyczne" });
    expect(messages(signupSchema.safeParse({ email: "a@b.pl", password: "", confirmPassword: "" }))).toEqual({
      password: "Podaj hasło",
      confirmPassword: "Powtórz hasło",
    });
    expect(
      signupSchema.safeParse({ email: "a@b.pl", password: "123456", confirmPassword: "123456" }).success,
    ).toBe(true);
  });

  it("new password: same rules, and a well-formed token", () => {
    expect(
      messages(
        updatePasswordSchema.safeParse({ token: "abc", password: "123456", confirmPassword: "654321" }),
      ),
    ).toEqual({ confirmPassword: "Hasła nie są identyczne" });
    expect(
      messages(
        updatePasswordSchema.safeParse({ token: "a b", password: "123456", confirmPassword: "123456" }),
      ).token,
    ).toBe("Link do zmiany hasła jest nieprawidłowy. Poproś o nowy.");
  });
});

describe("account texts", () => {
  it("maps better-auth's codes to Polish, with a generic fallback", () => {
    expect(authErrorMessage("INVALID_EMAIL_OR_PASSWORD")).toBe("Nieprawidłowy email lub hasło");
    expect(authErrorMessage("PASSWORD_TOO_SHORT")).toBe("Hasło musi mieć minimum 6 znaków");
    expect(authErrorMessage("INVALID_TOKEN")).toBe("Link do zmiany hasła wygasł lub został już użyty.");
    expect(authErrorMessage("SOMETHING_NEW")).toBe("Coś poszło nie tak. Spróbuj ponownie za chwilę.");
  });

  it("says how long to wait, in whole minutes", () => {
    expect(rateLimitMessage("login", 1)).toBe(
      "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 1 min.",
    );
    expect(rateLimitMessage("reset", 61)).toBe("Zbyt wiele próśb o zmianę hasła. Spróbuj ponownie za 2 min.");
  });

  it("shows the registration date in Polish, 'Nieznana' when missing", () => {
    expect(registrationDate("2026-01-17T22:00:00Z")).toBe("17 stycznia 2026");
    expect(registrationDate(null)).toBe("Nieznana");
    expect(registrationDate("nonsense")).toBe("Nieznana");
  });
});
