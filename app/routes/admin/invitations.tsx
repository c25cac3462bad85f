// /admin/invitations: the invitations list, newest first, and the send dialog (SPEC §2 Invitations).
// The e-mail with the single-use link is queued in the same transaction as the invitation.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { db } from "~/lib/db.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { InvitationPanel } from "~/modules/admin/components/invitation-panel";
import { adminHeaders } from "~/modules/admin/http.server";
import {
  type InvitationActionResult,
  invitationDisplayStatus,
  invitationMessages,
  sendInvitationSchema,
} from "~/modules/admin/invitations.schema";
import { AdminInvitationError, createInvitation, listInvitations } from "~/modules/admin/invitations.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/invitations";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Zaproszenia | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "invitations");
  try {
    const { invitations, total } = await listInvitations(db());
    const now = new Date();
    return {
      invitations: invitations.map((row) => ({
        ...row,
        displayStatus: invitationDisplayStatus(row.status, row.expiresAt, now),
      })),
      total,
      loadError: null,
    };
  } catch (error) {
    logger.error({ err: error }, "admin invitations failed to load");
    return { invitations: [], total: 0, loadError: invitationMessages.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireTab(request, "invitations");
  const formData = await readFormData(request);
  if (formData?.get("intent") !== "send") {
    return data<InvitationActionResult>(
      { ok: false, message: invitationMessages.invalidRequest },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: sendInvitationSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data<InvitationActionResult>(
      { ok: false, message: first ?? invitationMessages.invalidRequest, result: submission.reply() },
      { status: 400 },
    );
  }
  try {
    await createInvitation({ ...submission.value, invitedBy: me.id });
    return {
      ok: true,
      message: invitationMessages.sent,
      result: submission.reply({ resetForm: true }),
    } satisfies InvitationActionResult;
  } catch (error) {
    const known = error instanceof AdminInvitationError;
    if (!known) logger.error({ err: error }, "invitation could not be sent");
    const message = known ? error.message : invitationMessages.unavailable;
    return data<InvitationActionResult>(
      { ok: false, message, result: submission.reply({ formErrors: [message] }) },
      { status: known ? error.status : 503 },
    );
  }
}

export default function AdminInvitations({ loaderData }: Route.ComponentProps) {
  return <InvitationPanel {...loaderData} />;
}
