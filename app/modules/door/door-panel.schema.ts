/**
 * The panel's "Bramka" page of a night (issue #41): its door settings and the phones' blocks, one
 * schema per form for the browser and the action.
 */
import { z } from "zod";
import { optionalPlnField } from "~/lib/form-fields.schema";

export const doorPanelMessages = {
  settingsSaved: "Zapisano ustawienia bramki",
  settingsFailed: "Nie udało się zapisać ustawień bramki",
  doorPrice: "Cena na bramce musi być kwotą od 1 zł, np. 80 lub 80,00",
  doorPriceMax: "Cena może wynosić maksymalnie 100 000 zł",
  vatRate: "Wybierz stawkę VAT",
  blockSize: "Pula musi mieć od 1 do 1000 biletów",
  device: "Wybierz telefon",
  blockGiven: "Przydzielono pulę",
  blockFailed: "Nie udało się przydzielić puli",
  blockClosed: "Zamknięto pulę",
  blockCloseFailed: "Nie udało się zamknąć puli",
  invalidRequest: "Nieprawidłowe żądanie",
  notFound: "Nie znaleziono nocy z biletami sprzedawanymi na stronie",
  loadFailed: "Nie udało się wczytać bramki",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DOOR_VAT_RATES = ["8", "23", "5", "0"] as const;

export const doorSettingsSchema = z.object({
  /** A checkbox: Conform reads its "on" as true, its absence as false. */
  reentry: z.boolean().default(false),
  doorPrice: optionalPlnField({
    message: doorPanelMessages.doorPrice,
    min: 100,
    max: 10_000_000,
    maxMessage: doorPanelMessages.doorPriceMax,
  }),
  doorVatRate: z.enum(DOOR_VAT_RATES, { error: doorPanelMessages.vatRate }).transform(Number),
});

export const giveBlockSchema = z.object({
  deviceId: z.string({ error: doorPanelMessages.device }).regex(UUID, doorPanelMessages.device),
  size: z
    .string({ error: doorPanelMessages.blockSize })
    .trim()
    .regex(/^\d{1,4}$/, doorPanelMessages.blockSize)
    .transform(Number)
    .refine((size) => size >= 1 && size <= 1000, doorPanelMessages.blockSize),
});

export const closeBlockSchema = z.object({
  blockId: z.string().regex(UUID, doorPanelMessages.invalidRequest),
});
