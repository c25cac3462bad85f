/**
 * The add/edit dialog of the ambassadors tab (SPEC §5 Ambassador): name and Instagram link required
 * (a valid URL), order default 0, optional profile image and bio; the slug comes from the name on the
 * server. One multipart request; the server validates again and keeps what was typed on a refusal.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { toastFailure, toastFirstErrors, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import {
  type AmbassadorActionResult,
  ambassadorFailure,
  ambassadorFormSchema,
} from "../../ambassadors.schema";
import type { AmbassadorCard } from "../../ambassadors.server";
import { ImageFileField } from "./gallery-image-field";

export const AMBASSADORS_ACTION = "/admin/ambassadors";

export function AmbassadorFormDialog({
  ambassador,
  open,
  onOpenChange,
}: {
  ambassador: AmbassadorCard | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="ambassador-dialog">
        <DialogHeader>
          <DialogTitle>{ambassador ? "Edytuj ambasadora" : "Nowy ambasador"}</DialogTitle>
          <DialogDescription>
            Nazwa i link do Instagrama są wymagane. Karta pojawi się na stronie /ambasadorzy.
          </DialogDescription>
        </DialogHeader>
        {open ? <AmbassadorForm ambassador={ambassador} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AmbassadorForm({ ambassador, onDone }: { ambassador: AmbassadorCard | null; onDone: () => void }) {
  const intent = ambassador ? "update" : "create";
  // No key: every opening of the dialog starts without the previous answer.
  const fetcher = useFetcher<AmbassadorActionResult>();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `ambassador-form-${ambassador?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: {
      name: ambassador?.name ?? "",
      instagramUrl: ambassador?.instagramUrl ?? "",
      bio: ambassador?.bio ?? "",
      orderIndex: String(ambassador?.orderIndex ?? 0),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: ambassadorFormSchema });
      if (submitter) toastFirstErrors(submission);
      return submission;
    },
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      onDone();
    } else {
      const title = ambassadorFailure[intent];
      toastFailure(title, result.message);
    }
  });

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text", ariaAttributes: false });
  const { key: urlKey, ...urlProps } = getInputProps(fields.instagramUrl, {
    type: "url",
    ariaAttributes: false,
  });
  const { key: orderKey, ...orderProps } = getInputProps(fields.orderIndex, {
    type: "number",
    ariaAttributes: false,
  });
  const { key: bioKey, ...bioProps } = getTextareaProps(fields.bio, { ariaAttributes: false });

  return (
    <fetcher.Form
      method="post"
      action={AMBASSADORS_ACTION}
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {ambassador ? <input type="hidden" name="id" value={ambassador.id} /> : null}
      <Field
        label="Nazwa"
        required
        htmlFor={fields.name.id}
        errorId={fields.name.errorId}
        errors={fields.name.errors}
        description="Pokazywana jako @nazwa. Z niej powstaje slug."
      >
        <Input key={nameKey} {...nameProps} autoComplete="off" placeholder="np. zuza.rave" />
      </Field>
      <Field
        label="Link do Instagrama"
        required
        htmlFor={fields.instagramUrl.id}
        errorId={fields.instagramUrl.errorId}
        errors={fields.instagramUrl.errors}
      >
        <Input key={urlKey} {...urlProps} autoComplete="off" placeholder="https://www.instagram.com/nazwa" />
      </Field>
      <Field label="Bio" htmlFor={fields.bio.id} errorId={fields.bio.errorId} errors={fields.bio.errors}>
        <Textarea key={bioKey} {...bioProps} rows={3} />
      </Field>
      <Field
        label="Kolejność"
        htmlFor={fields.orderIndex.id}
        errorId={fields.orderIndex.errorId}
        errors={fields.orderIndex.errors}
        description="Mniejsza liczba = wcześniej na liście."
      >
        <Input key={orderKey} {...orderProps} min={0} step={1} inputMode="numeric" className="max-w-32" />
      </Field>
      <ImageFileField
        label="Zdjęcie profilowe"
        name={fields.profileImage.name}
        removeName={fields.removeProfileImage.name}
        current={ambassador?.profileImage ?? null}
        errors={fields.profileImage.errors}
        round
      />
      {form.errors?.length ? (
        <p role="alert" className="text-danger text-sm">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Anuluj
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Zapisywanie..." : ambassador ? "Zapisz zmiany" : "Dodaj ambasadora"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
