/**
 * POST /admin/ambassadors: the add/edit dialog (one multipart request with the optional profile
 * image, checked like part 1's uploads) and delete. Bad input answers 400 with Polish messages and the
 * form's values kept; unknown ids 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { logger } from "~/lib/logger.server";
import type { ImageRef } from "../../../db/schema";
import {
  type AmbassadorActionResult,
  ambassadorDeleteSchema,
  ambassadorFailure,
  ambassadorFormSchema,
  ambassadorMessages,
} from "./ambassadors.schema";
import {
  AmbassadorAdminError,
  createAmbassador,
  deleteAmbassador,
  updateAmbassador,
} from "./ambassadors.server";
import { FormBodyError, fileOf, readFormData, storeFormImage, UploadError } from "./galleries-uploads.server";

const refused = (result: AmbassadorActionResult, status: number) =>
  data<AmbassadorActionResult>(result, { status });

export async function handleAmbassadorsAction(request: Request) {
  let formData: FormData;
  try {
    formData = await readFormData(request, ambassadorMessages.invalidRequest);
  } catch (error) {
    const known = error instanceof FormBodyError;
    return refused(
      { ok: false, intent: null, message: known ? error.message : ambassadorMessages.invalidRequest },
      known ? error.status : 400,
    );
  }
  const intent = formData.get("intent");
  if (intent === "delete") return remove(formData);
  if (intent !== "create" && intent !== "update") {
    return refused({ ok: false, intent: null, message: ambassadorMessages.invalidRequest }, 400);
  }

  const submission = parseWithZod(formData, { schema: ambassadorFormSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refused(
      { ok: false, intent, message: first ?? ambassadorMessages.invalid, result: submission.reply() },
      400,
    );
  }
  const value = submission.value;
  if (value.intent === "update" && !value.id) {
    return refused(
      { ok: false, intent, message: ambassadorMessages.notFound, result: submission.reply() },
      400,
    );
  }
  try {
    let image: ImageRef | null | "keep" = value.removeProfileImage ? null : "keep";
    const file = fileOf(value.profileImage);
    if (file) {
      try {
        image = await storeFormImage(file, "ambassadors", `@${value.name}`);
      } catch (error) {
        if (error instanceof UploadError) {
          return refused(
            {
              ok: false,
              intent,
              message: error.message,
              result: submission.reply({ fieldErrors: { profileImage: [error.message] } }),
            },
            400,
          );
        }
        throw error;
      }
    }
    if (value.intent === "create") await createAmbassador(value, image === "keep" ? null : image);
    else await updateAmbassador(value.id as string, value, image);
    return {
      ok: true,
      intent,
      message: value.intent === "create" ? ambassadorMessages.created : ambassadorMessages.updated,
      result: submission.reply({ resetForm: true }),
    } satisfies AmbassadorActionResult;
  } catch (error) {
    const known = error instanceof AmbassadorAdminError;
    if (!known) logger.error({ err: error, intent }, "saving an ambassador failed");
    const message = known ? error.message : ambassadorFailure[intent];
    return refused(
      { ok: false, intent, message, result: submission.reply({ formErrors: [message] }) },
      known ? error.status : 500,
    );
  }
}

async function remove(formData: FormData) {
  const parsed = ambassadorDeleteSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return refused({ ok: false, intent: "delete", message: ambassadorMessages.invalidRequest }, 400);
  }
  try {
    await deleteAmbassador(parsed.data.id);
    return {
      ok: true,
      intent: "delete",
      message: ambassadorMessages.deleted,
    } satisfies AmbassadorActionResult;
  } catch (error) {
    const known = error instanceof AmbassadorAdminError;
    if (!known) logger.error({ err: error }, "deleting an ambassador failed");
    return refused(
      { ok: false, intent: "delete", message: known ? error.message : ambassadorMessages.deleteFailed },
      known ? error.status : 500,
    );
  }
}
