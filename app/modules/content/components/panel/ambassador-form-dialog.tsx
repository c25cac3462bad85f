/**
 * The add/edit dialog of the ambassadors tab (SPEC §5 Ambassador): name and Instagram link required
 * (a valid URL), order default 0, optional profile image and bio; the slug comes from the name on the
 * server. One multipart request; the server validates again and keeps what was typed on a refusal.
 */

import { type RecordDialogProps, RecordFormDialog } from "~/components/panel/dialog-frame";
import { DialogForm, TextareaField, TextField, useDialogForm } from "~/components/panel/form-in-dialog";
import { ambassadorFailure, ambassadorFormSchema } from "../../ambassadors.schema";
import type { AmbassadorCard } from "../../ambassadors.server";
import { ImageFileField } from "./gallery-image-field";

export const AMBASSADORS_ACTION = "/admin/ambassadors";

export function AmbassadorFormDialog(props: RecordDialogProps<AmbassadorCard>) {
  return (
    <RecordFormDialog
      {...props}
      title={props.record ? "Edytuj ambasadora" : "Nowy ambasador"}
      description="Nazwa i link do Instagrama są wymagane. Karta pojawi się na stronie /ambasadorzy."
      form={(ambassador, onDone) => <AmbassadorForm ambassador={ambassador} onDone={onDone} />}
    />
  );
}

function AmbassadorForm({ ambassador, onDone }: { ambassador: AmbassadorCard | null; onDone: () => void }) {
  const intent = ambassador ? "update" : "create";
  const dialog = useDialogForm({
    id: `ambassador-form-${ambassador?.id ?? "new"}`,
    schema: ambassadorFormSchema,
    defaultValue: {
      name: ambassador?.name ?? "",
      instagramUrl: ambassador?.instagramUrl ?? "",
      bio: ambassador?.bio ?? "",
      orderIndex: String(ambassador?.orderIndex ?? 0),
    },
    failureTitle: ambassadorFailure[intent],
    onDone,
  });
  const { fields } = dialog;

  return (
    <DialogForm
      dialog={dialog}
      action={AMBASSADORS_ACTION}
      intent={intent}
      recordId={ambassador?.id}
      submitLabel={ambassador ? "Zapisz zmiany" : "Dodaj ambasadora"}
    >
      <TextField
        field={fields.name}
        label="Nazwa"
        required
        description="Pokazywana jako @nazwa. Z niej powstaje slug."
        autoComplete="off"
        placeholder="np. zuza.rave"
      />
      <TextField
        field={fields.instagramUrl}
        label="Link do Instagrama"
        required
        type="url"
        autoComplete="off"
        placeholder="https://www.instagram.com/nazwa"
      />
      <TextareaField field={fields.bio} label="Bio" />
      <TextField
        field={fields.orderIndex}
        label="Kolejność"
        description="Mniejsza liczba = wcześniej na liście."
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        className="max-w-32"
      />
      <ImageFileField
        label="Zdjęcie profilowe"
        name={fields.profileImage.name}
        removeName={fields.removeProfileImage.name}
        current={ambassador?.profileImage ?? null}
        errors={fields.profileImage.errors}
        round
      />
    </DialogForm>
  );
}
