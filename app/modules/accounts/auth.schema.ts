/**
 * The login and sign-up forms (SPEC §2 Auth, §5): one zod schema per form, used by Conform in the
 * browser and again by the route action. Every message a visitor can see is Polish.
 */
import { z } from "zod";
import { EMAIL_MAX } from "~/lib/email-limits";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "~/lib/text-fields";

export const PASSWORD_MIN = 6;
/** better-auth's own upper bound (a longer password is refused by it, so we say so first). */
export const PASSWORD_MAX = 128;
export { EMAIL_MAX };

export const authMessages = {
  emailRequired: "Podaj adres email",
  email: "Nieprawidłowy adres email",
  passwordRequired: "Podaj hasło",
  passwordMin: "Hasło musi mieć minimum 6 znaków",
  passwordMax: "Hasło może mieć maksymalnie 128 znaków",
  confirmRequired: "Powtórz hasło",
  passwordMismatch: "Hasła nie są identyczne",
  controlChars: CONTROL_CHARS_MESSAGE,
} as const;

/** An e-mail address: trimmed and lower-cased (better-auth stores addresses lower-case). */
export const emailField = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: authMessages.email, abort: true })
  .refine(noControlChars, { error: authMessages.controlChars, abort: true })
  .pipe(z.email({ error: authMessages.email }))
  .transform((email) => email.toLowerCase());

/** A new password: 6 to 128 characters (SPEC §9: minimum 6). Not trimmed: spaces are characters too. */
export const newPasswordField = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN, authMessages.passwordMin)
  .max(PASSWORD_MAX, authMessages.passwordMax)
  .refine(noControlChars, authMessages.controlChars);

export const loginSchema = z.object({
  email: emailField,
  // Any length may be tried at login (older accounts, typos): the server answers with one message.
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, { error: authMessages.passwordRequired, abort: true })
    .max(PASSWORD_MAX, authMessages.passwordMax)
    .refine(noControlChars, authMessages.controlChars),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPasswordTwice = {
  password: newPasswordField,
  confirmPassword: z.string({ error: authMessages.confirmRequired }).min(1, authMessages.confirmRequired),
};

/** The two typings of the new password agree (the form's object type is generic where this runs). */
function passwordsAgree(value: unknown) {
  const { password, confirmPassword } = value as { password: string; confirmPassword: string };
  return password === confirmPassword;
}

/** A form that sets a password: its other fields and the new password typed twice, both the same. */
export function withNewPassword<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, ...newPasswordTwice })
    .refine(passwordsAgree, { path: ["confirmPassword"], error: authMessages.passwordMismatch });
}

export const signupSchema = withNewPassword({ email: emailField });
export type SignupInput = z.infer<typeof signupSchema>;

/**
 * HTML attributes of the inputs (required, lengths). The forms are `noValidate`: the browser never shows
 * its own English messages; these attributes tell assistive technology what is expected.
 */
export const loginConstraint = {
  email: { required: true, maxLength: EMAIL_MAX },
  password: { required: true, maxLength: PASSWORD_MAX },
};
export const signupConstraint = {
  email: { required: true, maxLength: EMAIL_MAX },
  password: { required: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
  confirmPassword: { required: true, maxLength: PASSWORD_MAX },
};
