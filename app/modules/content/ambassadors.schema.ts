/**
 * The ambassadors tab (SPEC §2/§5/§8 Ambassadors): one schema for the add/edit dialog (browser and
 * action), the delete request, and the tab's Polish texts. SPEC gives the failure toasts and the
 * delete confirm; the success texts and field messages follow its tone.
 */
import { z } from "zod";
import { slugify } from "~/lib/slug";
import { dialogIntentFields, textFieldsFor } from "./text-fields.schema";

export const ambassadorLimits = { nameMax: 80, urlMax: 300, bioMax: 500, orderMax: 10_000 } as const;

export const ambassadorMessages = {
  nameRequired: "Podaj nazwę ambasadora",
  nameMax: `Nazwa może mieć maksymalnie ${ambassadorLimits.nameMax} znaków`,
  instagramRequired: "Podaj link do Instagrama",
  instagramInvalid: "Podaj prawidłowy adres URL (np. https://www.instagram.com/nazwa)",
  instagramMax: `Link może mieć maksymalnie ${ambassadorLimits.urlMax} znaków`,
  bioMax: `Bio może mieć maksymalnie ${ambassadorLimits.bioMax} znaków`,
  order: "Kolejność musi być liczbą całkowitą od 0",
  invalid: "Popraw zaznaczone pola",
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  notFound: "Nie znaleziono ambasadora. Odśwież stronę.",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
  // SPEC §8, verbatim.
  loadFailed: "Nie udało się pobrać ambasadora",
  updateFailed: "Nie udało się zaktualizować ambasadora",
  createFailed: "Nie udało się dodać ambasadora",
  deleteFailed: "Nie udało się usunąć ambasadora",
  deleteDescription: "Ta akcja jest nieodwracalna. Ambasador zostanie trwale usunięty.",
  // Success texts (SPEC: "exact texts not shown").
  updated: "Ambasador został zaktualizowany",
  created: "Ambasador został dodany",
  deleted: "Ambasador został usunięty",
  deleteTitle: "Usunąć ambasadora?",
  empty: "Brak ambasadorów. Dodaj pierwszego.",
} as const;

/** An http(s) URL; anything else (javascript:, ftp:, bare words) is refused. */
function isWebUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const text = textFieldsFor(ambassadorMessages.invalidCharacters);

export const ambassadorFormSchema = z.object({
  ...dialogIntentFields,
  name: text.required(ambassadorLimits.nameMax, {
    required: ambassadorMessages.nameRequired,
    max: ambassadorMessages.nameMax,
  }),
  instagramUrl: z
    .string({ error: ambassadorMessages.instagramRequired })
    .trim()
    .min(1, { error: ambassadorMessages.instagramRequired })
    .max(ambassadorLimits.urlMax, { error: ambassadorMessages.instagramMax })
    .refine(isWebUrl, { error: ambassadorMessages.instagramInvalid }),
  bio: text.optional(ambassadorLimits.bioMax, ambassadorMessages.bioMax, { multiline: true }),
  /** SPEC §9: order default 0. */
  orderIndex: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return 0;
      if (!/^\d{1,5}$/.test(value) || Number(value) > ambassadorLimits.orderMax) {
        context.addIssue({ code: "custom", message: ambassadorMessages.order });
        return z.NEVER;
      }
      return Number(value);
    }),
  profileImage: z.instanceof(File).optional(),
  removeProfileImage: z.boolean().default(false),
});

export type AmbassadorFormValue = z.infer<typeof ambassadorFormSchema>;

export const ambassadorDeleteSchema = z.object({ intent: z.literal("delete"), id: z.uuid() });

export type AmbassadorIntent = "create" | "update" | "delete";

export const ambassadorFailure: Record<AmbassadorIntent, string> = {
  create: ambassadorMessages.createFailed,
  update: ambassadorMessages.updateFailed,
  delete: ambassadorMessages.deleteFailed,
};

/** The slug from the name (SPEC §3), Polish letters transliterated; a word when nothing is left. */
export function ambassadorSlug(name: string) {
  return slugify(name).slice(0, 80).replace(/-+$/, "") || "ambasador";
}
