/**
 * 'Wyślij zaproszenie' (SPEC §2 Invitations, §5): e-mail (required, 'Podaj adres email') and role
 * (default user). Validated in the browser and again by the action; a refusal keeps what was typed.
 */
import { useForm } from "@conform-to/react";
import { MailPlus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FormDialog, FormDialogFooter, FormErrorAlert } from "~/components/panel/dialog-frame";
import { FetcherForm, validateFetcherForm } from "~/components/panel/fetcher-form";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { EmailInput, FormField, SelectField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toaster";
import {
  INVITATION_VALID_DAYS,
  type InvitationActionResult,
  invitationMessages,
  sendInvitationConstraint,
  sendInvitationSchema,
} from "../../invitations.schema";
import { ROLE_VALUES, roleLabels } from "../../users.schema";

export const INVITATIONS_ACTION = "/admin/invitations";

export function InvitationDialog() {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<InvitationActionResult>({ key: "invitation-send" });
  const [form, fields] = useForm({
    id: "invitation-form",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    constraint: sendInvitationConstraint,
    defaultValue: { email: "", role: "user" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // SPEC §8 lists 'Podaj adres email' among the toasts: a refused submit says it there too.
    onValidate: validateFetcherForm(sendInvitationSchema),
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      setOpen(false);
    } else {
      toast.error(invitationMessages.sendFailed(result.message));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm">
          <MailPlus aria-hidden="true" />
          Wyślij zaproszenie
        </Button>
      }
      title="Wyślij zaproszenie"
      description={`Osoba dostanie e-mail z jednorazowym linkiem ważnym ${INVITATION_VALID_DAYS} dni. Po założeniu konta lub zalogowaniu tym adresem otrzyma wybraną rolę. Nowe zaproszenie unieważnia wcześniejsze, nieprzyjęte zaproszenia na ten adres.`}
    >
      <FetcherForm fetcher={fetcher} form={form} action={INVITATIONS_ACTION} className="grid gap-4">
        <input type="hidden" name="intent" value="send" />
        <FormErrorAlert
          id={form.errorId}
          message={form.errors?.length ? invitationMessages.sendFailed(form.errors[0]) : undefined}
        />
        <FormField label="Adres e-mail" required field={fields.email}>
          <EmailInput field={fields.email} autoComplete="off" placeholder="osoba@example.com" />
        </FormField>
        <SelectField label="Rola" field={fields.role} options={ROLE_VALUES} optionLabel={roleLabels} />
        <FormDialogFooter
          busy={fetcher.state !== "idle"}
          submitLabel="Wyślij zaproszenie"
          busyLabel="Wysyłanie…"
        />
      </FetcherForm>
    </FormDialog>
  );
}
