/**
 * 'Wyślij zaproszenie' (SPEC §2 Invitations, §5): e-mail (required, 'Podaj adres email') and role
 * (default user). Validated in the browser and again by the action; a refusal keeps what was typed.
 */
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MailPlus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FormDialog, FormDialogFooter, FormErrorAlert } from "~/components/panel/dialog-frame";
import { toastFirstErrors, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { EmailInput, FormField } from "~/components/ui/form-field";
import { NativeSelect } from "~/components/ui/select";
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
    onValidate: ({ formData, submitter }) => {
      const submission = parseWithZod(formData, { schema: sendInvitationSchema });
      // SPEC §8 lists 'Podaj adres email' among the toasts: a refused submit says it there too.
      if (submitter) toastFirstErrors(submission);
      return submission;
    },
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      setOpen(false);
    } else {
      toast.error(invitationMessages.sendFailed(result.message));
    }
  });

  const { key: roleKey, ...roleProps } = getSelectProps(fields.role, { ariaAttributes: false });

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
      <fetcher.Form
        method="post"
        action={INVITATIONS_ACTION}
        {...getFormProps(form)}
        noValidate
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="send" />
        <FormErrorAlert
          id={form.errorId}
          message={form.errors?.length ? invitationMessages.sendFailed(form.errors[0]) : undefined}
        />
        <FormField label="Adres e-mail" required field={fields.email}>
          <EmailInput field={fields.email} autoComplete="off" placeholder="osoba@example.com" />
        </FormField>
        <FormField label="Rola" field={fields.role}>
          <NativeSelect key={roleKey} {...roleProps}>
            {ROLE_VALUES.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormDialogFooter
          busy={fetcher.state !== "idle"}
          submitLabel="Wyślij zaproszenie"
          busyLabel="Wysyłanie…"
        />
      </fetcher.Form>
    </FormDialog>
  );
}
