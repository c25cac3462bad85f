/** The password screens (SPEC §2 Password screens, §5): asking for a reset link, setting a new password. */
import { z } from "zod";
import { EMAIL_MAX, emailField, PASSWORD_MAX, PASSWORD_MIN, withNewPassword } from "./auth.schema";

export const resetRequestSchema = z.object({ email: emailField });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const passwordMessages = {
  tokenMissing: "Link do zmiany hasła jest nieprawidłowy. Poproś o nowy.",
} as const;

export const updatePasswordSchema = withNewPassword({
  token: z
    .string({ error: passwordMessages.tokenMissing })
    .trim()
    .min(1, passwordMessages.tokenMissing)
    .max(200, passwordMessages.tokenMissing)
    .regex(/^[A-Za-z0-9_-]+$/, passwordMessages.tokenMissing),
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

export const resetRequestConstraint = { email: { required: true, maxLength: EMAIL_MAX } };
export const updatePasswordConstraint = {
  password: { required: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
  confirmPassword: { required: true, maxLength: PASSWORD_MAX },
};
