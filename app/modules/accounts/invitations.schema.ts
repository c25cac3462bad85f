/**
 * The invitations tab (SPEC §2 Invitations, §4 Invitation, §5, §8): texts, the send form's schema
 * (browser and action alike) and the status a row shows.
 */
import { z } from "zod";
import type { FormActionResult } from "~/lib/form-action.server";
import type { Role } from "../../../db/schema";
import { emailField } from "./auth.schema";
import { ROLE_VALUES, userMessages } from "./users.schema";

/** ARCHITECTURE: an invitation link works for 7 days. */
export const INVITATION_VALID_DAYS = 7;
/** Rows the list shows (newest first); older ones stay in the database. */
export const INVITATIONS_LIST_LIMIT = 100;

export const invitationMessages = {
  loadFailed: "Błąd pobierania zaproszeń",
  sendFailed: (reason: string) => `Błąd wysyłania zaproszenia: ${reason}`,
  sent: "Zaproszenie zostało wysłane",
  emailRequired: "Podaj adres email",
  alreadyHasRole: "ten adres ma już tę rolę",
  invalidRequest: "Nieprawidłowe żądanie",
  unavailable: "usługa chwilowo niedostępna, spróbuj ponownie za chwilę",
  empty: "Brak zaproszeń",
} as const;

export const sendInvitationSchema = z.object({
  email: emailField,
  // SPEC §5: the role defaults to user.
  role: z.enum(ROLE_VALUES, { error: userMessages.chooseRole }).default("user"),
});
export type SendInvitationInput = z.infer<typeof sendInvitationSchema>;

export const sendInvitationConstraint = {
  email: { required: true, maxLength: 255 },
  role: { required: true },
};

export type InvitationStatus = "pending" | "accepted" | "expired";

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: "Oczekuje",
  accepted: "Przyjęte",
  expired: "Wygasło",
};

/** SPEC §4: once `expires_at` has passed the invitation shows as expired, whatever its stored status. */
export function invitationDisplayStatus(
  status: InvitationStatus,
  expiresAt: Date,
  now: Date = new Date(),
): InvitationStatus {
  return expiresAt.getTime() <= now.getTime() ? "expired" : status;
}

export type InvitationRow = {
  id: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
};

/** What the send action answers. */
export type InvitationActionResult = FormActionResult;

// ---------------------------------------------------------------------------------------------------
// The invitee's page (/zaproszenie/:token)
// ---------------------------------------------------------------------------------------------------

export const invitationProblems = {
  unknown: {
    status: 404,
    title: "Nieprawidłowy link zaproszenia",
    text: "Nie znamy takiego zaproszenia. Sprawdź, czy link skopiowano w całości, albo poproś administratora o nowe zaproszenie.",
  },
  used: {
    status: 410,
    title: "Zaproszenie zostało już wykorzystane",
    text: "Ten link działa tylko raz. Jeśli to Ty przyjąłeś(-ęłaś) zaproszenie, po prostu się zaloguj.",
  },
  expired: {
    status: 410,
    title: "Zaproszenie wygasło",
    text: "Zaproszenia są ważne 7 dni. Poproś administratora o wysłanie nowego.",
  },
} as const;

/** Why a link cannot be used. */
export type InvitationProblem = keyof typeof invitationProblems;

export const invitationAcceptMessages = {
  wrongEmail: (email: string) => `To zaproszenie jest dla adresu ${email}. Użyj tego adresu.`,
  signInFirst: "Zaloguj się, aby przyjąć zaproszenie.",
  accountExists: "Konto z tym adresem już istnieje. Zaloguj się, aby przyjąć zaproszenie.",
  accepted: "Zaproszenie przyjęte",
  failed: "Nie udało się przyjąć zaproszenia. Spróbuj ponownie za chwilę.",
} as const;
