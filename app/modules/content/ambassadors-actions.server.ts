/**
 * POST /admin/ambassadors: the add/edit dialog (one multipart request with the optional profile
 * image, checked like part 1's uploads) and delete, through the panel's one form-action helper. Bad
 * input answers 400 with Polish messages and the form's values kept; unknown ids 404.
 */
import { DomainError } from "~/lib/domain-error";
import { handleFormAction, intent } from "~/lib/form-action.server";
import { chosenImage, IMAGE_FORM_LIMIT } from "~/modules/media/form-image.server";
import {
  type AmbassadorFormValue,
  ambassadorDeleteSchema,
  ambassadorFormSchema,
  ambassadorMessages,
} from "./ambassadors.schema";
import { createAmbassador, deleteAmbassador, updateAmbassador } from "./ambassadors.server";

async function saveAmbassador(value: AmbassadorFormValue) {
  if (value.intent === "update" && !value.id) throw new DomainError(ambassadorMessages.notFound, 400);
  const image = await chosenImage(
    { file: value.profileImage, remove: value.removeProfileImage },
    "ambassadors",
    `@${value.name}`,
    "profileImage",
  );
  if (value.intent === "create") {
    await createAmbassador(value, image === "keep" ? null : image);
    return { message: ambassadorMessages.created };
  }
  await updateAmbassador(value.id as string, value, image);
  return { message: ambassadorMessages.updated };
}

export const ambassadorIntents = {
  create: intent({
    schema: ambassadorFormSchema,
    run: saveAmbassador,
    failure: ambassadorMessages.createFailed,
  }),
  update: intent({
    schema: ambassadorFormSchema,
    run: saveAmbassador,
    failure: ambassadorMessages.updateFailed,
  }),
  delete: intent({
    schema: ambassadorDeleteSchema,
    invalid: ambassadorMessages.invalidRequest,
    failure: ambassadorMessages.deleteFailed,
    run: async ({ id }) => {
      await deleteAmbassador(id);
      return { message: ambassadorMessages.deleted };
    },
  }),
};

export function handleAmbassadorsAction(request: Request) {
  return handleFormAction(request, ambassadorIntents, {
    invalidRequest: ambassadorMessages.invalidRequest,
    multipart: IMAGE_FORM_LIMIT,
  });
}
