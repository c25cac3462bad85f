/**
 * POST /admin/ambassadors: the add/edit dialog (one multipart request with the optional profile
 * image, checked like part 1's uploads) and delete, through the panel's one form-action helper. Bad
 * input answers 400 with Polish messages and the form's values kept; unknown ids 404.
 */
import { intent } from "~/lib/form-action.server";
import { chosenImage, IMAGE_FORM_LIMIT } from "~/modules/media/form-image.server";
import { ambassadorDeleteSchema, ambassadorFormSchema, ambassadorMessages } from "./ambassadors.schema";
import { createAmbassador, deleteAmbassador, updateAmbassador } from "./ambassadors.server";
import { dialogIntents } from "./dialog-save.server";

export const ambassadorIntents = {
  ...dialogIntents(
    ambassadorFormSchema,
    {
      notFound: ambassadorMessages.notFound,
      chooseImage: (value) =>
        chosenImage(
          { file: value.profileImage, remove: value.removeProfileImage },
          "ambassadors",
          `@${value.name}`,
          "profileImage",
        ),
      create: createAmbassador,
      update: updateAmbassador,
      messages: ambassadorMessages,
    },
    ambassadorMessages,
  ),
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

/** POST /admin/ambassadors: how its body is read (a profile image rides along). */
export const ambassadorFormOptions = {
  invalidRequest: ambassadorMessages.invalidRequest,
  multipart: IMAGE_FORM_LIMIT,
};
