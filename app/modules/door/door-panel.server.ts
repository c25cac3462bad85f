/**
 * The panel's intents on a night's door (issue #41), over the door's own modules: the settings, and a
 * phone's block given or closed (door-sales.server holds the capacity's rule).
 */
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import { nightTickets } from "../../../db/schema";
import { type DoorNightRow, doorNightRow } from "./door-access.server";
import { deviceOf } from "./door-night.server";
import {
  closeBlockSchema,
  doorPanelMessages,
  doorSettingsSchema,
  giveBlockSchema,
} from "./door-panel.schema";
import { closeBlock, giveBlock } from "./door-sales.server";

async function doorNight(eventId: string): Promise<DoorNightRow> {
  const row = await doorNightRow(eventId);
  if (!row) throw new DomainError(doorPanelMessages.notFound, 404);
  return row;
}

export function doorPanelIntents(eventId: string, adminId: string) {
  return {
    "door-settings": intent({
      schema: doorSettingsSchema,
      failure: doorPanelMessages.settingsFailed,
      run: async (value) => {
        await doorNight(eventId);
        await db()
          .update(nightTickets)
          .set({ reentry: value.reentry, doorPrice: value.doorPrice, doorVatRate: value.doorVatRate })
          .where(eq(nightTickets.eventId, eventId));
        return { message: doorPanelMessages.settingsSaved, resetForm: false };
      },
    }),
    "give-block": intent({
      schema: giveBlockSchema,
      failure: doorPanelMessages.blockFailed,
      run: async ({ deviceId, size }) => {
        const night = await doorNight(eventId);
        if (!(await deviceOf(deviceId))) throw new DomainError(doorPanelMessages.device, 400, "deviceId");
        await giveBlock(night, deviceId, size, adminId);
        return { message: doorPanelMessages.blockGiven };
      },
    }),
    "close-block": intent({
      schema: closeBlockSchema,
      failure: doorPanelMessages.blockCloseFailed,
      run: async ({ blockId }) => {
        const { returned } = await closeBlock(eventId, blockId);
        return { message: doorPanelMessages.blockClosed, description: `Wróciło miejsc: ${returned}` };
      },
    }),
  };
}

export const doorPanelFormOptions = { invalidRequest: doorPanelMessages.invalidRequest };
