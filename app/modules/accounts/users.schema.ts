/**
 * The users-and-roles tab (SPEC §2 Users, §5 User search, §8 Users and roles): its texts, the search
 * and page read from the URL, and one schema for the role actions, shared by the browser and the action.
 */
import { z } from "zod";
import { EMAIL_MAX } from "~/lib/email-limits";
import type { Role } from "../../../db/schema";

/** The roles in the enum's order (db/schema `roleEnum`; a unit test keeps the two equal). */
export const ROLE_VALUES = ["admin", "moderator", "user", "door"] as const satisfies readonly Role[];

export const roleLabels: Record<Role, string> = {
  admin: "Administrator",
  moderator: "Moderator",
  user: "Użytkownik",
  door: "Bramka",
};

export const userMessages = {
  loadFailed: (reason: string) => `Błąd pobierania użytkowników: ${reason}`,
  addFailed: (reason: string) => `Błąd przypisywania roli: ${reason}`,
  removeFailed: (reason: string) => `Błąd usuwania roli: ${reason}`,
  added: "Rola została przypisana",
  removed: "Rola została usunięta",
  removeConfirm: "Usunąć rolę?",
  /** ARCHITECTURE: the panel is never left without an admin. */
  ownAdmin: "Nie możesz usunąć własnej roli administratora",
  lastAdmin: "Nie można usunąć roli ostatniemu administratorowi",
  userNotFound: "Użytkownik nie istnieje lub został usunięty",
  roleNotHeld: "Użytkownik nie ma tej roli",
  chooseRole: "Wybierz rolę",
  invalidRequest: "Nieprawidłowe żądanie",
  unavailable: "baza danych chwilowo nie odpowiada, spróbuj ponownie za chwilę",
  empty: "Brak użytkowników",
  noMatches: "Brak użytkowników pasujących do wyszukiwania",
} as const;

/** Users per page of the list. */
export const USERS_PAGE_SIZE = 25;
/** Longest search text taken from the URL (an e-mail is at most 255 characters). */
export const USER_SEARCH_MAX = EMAIL_MAX;

export type UserFilters = { q: string; page: number };

/** The search box and page from the URL; anything unusable falls back to "all, first page". */
export function parseUserFilters(params: URLSearchParams): UserFilters {
  const q = (params.get("q") ?? "").trim().slice(0, USER_SEARCH_MAX);
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  return { q, page };
}

/** The query string of a page of the list (empty parts left out). */
export function userListSearch({ q, page }: UserFilters) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

const userId = z
  .string({ error: userMessages.userNotFound })
  .trim()
  .min(1, userMessages.userNotFound)
  .max(100, userMessages.userNotFound);
const role = z.enum(ROLE_VALUES, { error: userMessages.chooseRole });

export const userRoleActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add-role"), userId, role }),
    z.object({ intent: z.literal("remove-role"), userId, role }),
  ],
  { error: userMessages.invalidRequest },
);

export type UserRoleAction = z.infer<typeof userRoleActionSchema>;
export type UserRoleIntent = UserRoleAction["intent"];

/** What the action answers; failures carry the reason that goes after SPEC's "Błąd …: ". */
export type UserRoleActionResult = {
  ok: boolean;
  intent: string | null;
  userId?: string | null;
  role?: Role | null;
  message: string;
};

/** The toast title of an answer (SPEC §8). */
export function userRoleToast(result: UserRoleActionResult): string {
  if (result.ok) return result.message;
  if (result.intent === "add-role") return userMessages.addFailed(result.message);
  if (result.intent === "remove-role") return userMessages.removeFailed(result.message);
  return result.message;
}

/** The roles a user does not hold yet, in the enum's order (what the add-role selector offers). */
export function missingRoles(held: readonly Role[]): Role[] {
  return ROLE_VALUES.filter((value) => !held.includes(value));
}
