/**
 * The add/edit dialog of the content tabs with one optional image (ambassadors, galleries): the two
 * intents, and the save both share (an edit must name its record; the image is chosen, then the
 * record created or updated, and the toast says which).
 */
import type { z } from "zod";
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import type { ImageRef } from "~/lib/images";

type DialogValue = { intent: "create" | "update"; id?: string };

type DialogSave<Value extends DialogValue> = {
  notFound: string;
  /** The image field's choice: "keep", null (removed) or a fresh upload, stored now. */
  chooseImage: (value: Value) => Promise<ImageRef | null | "keep">;
  create: (value: Value, image: ImageRef | null) => Promise<unknown>;
  update: (id: string, value: Value, image: ImageRef | null | "keep") => Promise<unknown>;
  messages: { created: string; updated: string };
};

/** The dialog's `create` and `update` intents, both saving through `save`. */
export function dialogIntents<Schema extends z.ZodType<DialogValue>>(
  schema: Schema,
  save: DialogSave<z.output<Schema>>,
  texts: { createFailed: string; updateFailed: string; invalid?: string },
) {
  const run = async (value: z.output<Schema>) => {
    if (value.intent === "update" && !value.id) throw new DomainError(save.notFound, 400);
    const image = await save.chooseImage(value);
    if (value.intent === "create") {
      await save.create(value, image === "keep" ? null : image);
      return { message: save.messages.created };
    }
    await save.update(value.id as string, value, image);
    return { message: save.messages.updated };
  };
  return {
    create: intent({ schema, invalid: texts.invalid, failure: texts.createFailed, run }),
    update: intent({ schema, invalid: texts.invalid, failure: texts.updateFailed, run }),
  };
}
