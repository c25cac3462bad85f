/**
 * "Oddaj bilet" on a ticket's card (issue #40): a plain POST to the page (before and after hydration),
 * which answers with a flash or its refusal. Until the waiting list's deadline; once given back, the
 * card says it waits for a buyer and offers to withdraw (refused while an offer of it is live).
 */
import { Undo2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { FormActionResult } from "~/lib/form-contract";
import { RETURN_INTENT, WITHDRAW_RETURN_INTENT } from "../returns.schema";
import { returnMessages } from "../waitlist";

export function TicketReturnForm({
  ticketId,
  giveBack,
  actionData,
}: {
  ticketId: string;
  giveBack: { returned: boolean; until: string | null };
  actionData?: FormActionResult;
}) {
  const navigation = useNavigation();
  if (!giveBack.until) return null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("ticketId") === ticketId;
  const typed = actionData?.result?.initialValue as Record<string, unknown> | undefined;
  const refusal =
    actionData &&
    !actionData.ok &&
    (actionData.intent === RETURN_INTENT || actionData.intent === WITHDRAW_RETURN_INTENT) &&
    typed?.ticketId === ticketId
      ? actionData.message
      : null;
  return (
    <Form method="post" className="grid gap-2" data-testid="ticket-return-form">
      <input type="hidden" name="ticketId" value={ticketId} />
      {giveBack.returned ? (
        <p className="font-semibold text-sm" data-testid="ticket-returned">
          {returnMessages.pending}
        </p>
      ) : (
        <p className="text-muted text-xs">
          {returnMessages.explain} Możesz oddać bilet do {giveBack.until}.
        </p>
      )}
      {refusal ? (
        <p role="alert" className="font-semibold text-danger text-sm">
          {refusal}
        </p>
      ) : null}
      <div>
        <Button
          type="submit"
          name="intent"
          value={giveBack.returned ? WITHDRAW_RETURN_INTENT : RETURN_INTENT}
          variant="secondary"
          size="sm"
          disabled={busy}
        >
          <Undo2 aria-hidden="true" />
          {giveBack.returned ? returnMessages.withdraw : returnMessages.button}
        </Button>
      </div>
    </Form>
  );
}
