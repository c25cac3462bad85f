// /admin/invitations: the invitations list, newest first, and the send dialog (SPEC §2 Invitations).
// The e-mail with the single-use link is queued in the same transaction as the invitation.
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { InvitationPanel } from "~/modules/accounts/components/panel/invitation-panel";
import { invitationDisplayStatus, invitationMessages } from "~/modules/accounts/invitations.schema";
import { invitationIntents, listInvitations } from "~/modules/accounts/invitations.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/invitations";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Zaproszenia");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "invitations");
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

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireTab({ request, context }, "invitations");
  return handleFormAction(request, invitationIntents(me.id), {
    invalidRequest: invitationMessages.invalidRequest,
  });
}

export default function AdminInvitations({ loaderData }: Route.ComponentProps) {
  return <InvitationPanel {...loaderData} />;
}
