/**
 * The invitations tab (SPEC §2 Invitations, §4): every invitation, newest first, with e-mail, role,
 * status (an expired one reads 'Wygasło' whatever was stored), created and expiry dates; and the
 * send dialog.
 */
import { AdminTable, type AdminTableSpec } from "~/components/panel/admin-table";
import { PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import type { Role } from "../../../../../db/schema";
import {
  INVITATIONS_LIST_LIMIT,
  type InvitationStatus,
  invitationMessages,
  invitationStatusLabels,
} from "../../invitations.schema";
import { roleLabels } from "../../users.schema";
import { InvitationDialog } from "./invitation-dialog";

export type InvitationListRow = {
  id: string;
  email: string;
  role: Role;
  createdAt: Date | string;
  expiresAt: Date | string;
  acceptedAt: Date | string | null;
  displayStatus: InvitationStatus;
};

const statusTone: Record<InvitationStatus, "warning" | "success" | "default"> = {
  pending: "warning",
  accepted: "success",
  expired: "default",
};

function DateCell({ value }: { value: Date | string }) {
  return <time dateTime={new Date(value).toISOString()}>{formatDateTime(value)}</time>;
}

const INVITATIONS_TABLE: AdminTableSpec = {
  caption: "Lista zaproszeń, od najnowszych",
  minWidthClassName: "min-w-[44rem]",
  columns: ["E-mail", "Rola", "Status", "Utworzono", "Wygasa"],
};

export function InvitationPanel({
  invitations,
  total,
  loadError,
}: {
  invitations: InvitationListRow[];
  total: number;
  loadError: string | null;
}) {
  const list = usePanelList("/admin/invitations", loadError);

  return (
    <PanelScreen
      name="invitations"
      title="Zaproszenia"
      count={
        loadError
          ? null
          : total > invitations.length
            ? `Najnowsze ${INVITATIONS_LIST_LIMIT} z ${total}`
            : `Wszystkich: ${total}`
      }
      actions={<InvitationDialog />}
    >
      <AdminTable
        {...INVITATIONS_TABLE}
        {...list}
        empty={invitations.length ? null : invitationMessages.empty}
      >
        {invitations.map((invitation) => (
          <tr key={invitation.id} data-testid="invitation-row" className="hover:bg-surface-2/50">
            <th scope="row" className="max-w-72 truncate px-3 py-2.5 text-left font-semibold">
              {invitation.email}
            </th>
            <td className="px-3 py-2.5">{roleLabels[invitation.role]}</td>
            <td className="px-3 py-2.5">
              <Badge variant={statusTone[invitation.displayStatus]} data-testid="invitation-status">
                {invitationStatusLabels[invitation.displayStatus]}
              </Badge>
              {invitation.acceptedAt && invitation.displayStatus !== "accepted" ? (
                <span className="mt-1 block text-muted text-xs">
                  przyjęte <DateCell value={invitation.acceptedAt} />
                </span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-3 py-2.5 text-muted">
              <DateCell value={invitation.createdAt} />
            </td>
            <td className="whitespace-nowrap px-3 py-2.5 text-muted">
              <DateCell value={invitation.expiresAt} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </PanelScreen>
  );
}
