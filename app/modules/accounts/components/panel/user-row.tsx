/**
 * One user of the users tab: e-mail, join date, role badges (each removable after 'Usunąć rolę?')
 * and the add-role selector. Each action has its own fetcher; the answer is SPEC §8's toast, and the
 * list reloads with what the server now holds. The signed-in admin's own admin badge has no remove
 * button (the server refuses it too).
 */
import { Lock, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/panel/confirm-dialog";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { HiddenLabel } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import { formatShortDate } from "~/lib/dates";
import type { Role } from "../../../../../db/schema";
import {
  missingRoles,
  roleLabels,
  type UserRoleActionResult,
  userMessages,
  userRoleToast,
} from "../../users.schema";

export const USERS_ACTION = "/admin/users";

export type UserRowData = { id: string; email: string; createdAt: Date | string; roles: Role[] };

type Fetcher = ReturnType<typeof useFetcher<UserRoleActionResult>>;

function useResultToast(fetcher: Fetcher) {
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast.success(userRoleToast(result));
    else toast.error(userRoleToast(result));
  });
}

const roleTone: Record<Role, "accent" | "hot" | "default"> = {
  admin: "hot",
  moderator: "accent",
  user: "default",
  door: "accent",
};

export function UserRow({ user, isCurrentUser }: { user: UserRowData; isCurrentUser: boolean }) {
  const add = useFetcher<UserRoleActionResult>({ key: `user-add-role-${user.id}` });
  const remove = useFetcher<UserRoleActionResult>({ key: `user-remove-role-${user.id}` });
  // The role stays set while the dialog animates closed, so its text does not flash empty.
  const [confirmRole, setConfirmRole] = useState<Role | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const selectId = useId();
  useResultToast(add);
  useResultToast(remove);

  const removing = remove.state !== "idle" ? (remove.formData?.get("role") as Role | undefined) : undefined;
  const available = missingRoles(user.roles);
  const adding = add.state !== "idle";

  return (
    <li
      data-testid="user-row"
      data-user-id={user.id}
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1.3fr)_auto] md:items-center"
    >
      <div className="min-w-0">
        <p className="truncate font-semibold" data-testid="user-email">
          {user.email}
          {isCurrentUser ? <span className="ml-2 font-normal text-muted text-xs">(Ty)</span> : null}
        </p>
        <p className="text-muted text-xs">
          Dołączył(a):{" "}
          <time dateTime={new Date(user.createdAt).toISOString()}>{formatShortDate(user.createdAt)}</time>
        </p>
      </div>

      <ul className="flex flex-wrap items-center gap-2" aria-label={`Role: ${user.email}`}>
        {user.roles.length === 0 ? <li className="text-muted text-sm">Brak ról</li> : null}
        {user.roles.map((role) => {
          const ownAdmin = isCurrentUser && role === "admin";
          return (
            <li key={role}>
              <Badge variant={roleTone[role]} className="gap-1.5 py-1 pr-1" data-testid="role-badge">
                {roleLabels[role]}
                {ownAdmin ? (
                  <span title={userMessages.ownAdmin} className="inline-flex items-center px-0.5">
                    <Lock aria-hidden="true" />
                    <span className="sr-only">{userMessages.ownAdmin}</span>
                  </span>
                ) : (
                  <button
                    type="button"
                    disabled={removing === role}
                    onClick={() => {
                      setConfirmRole(role);
                      setConfirmOpen(true);
                    }}
                    aria-label={`Usuń rolę ${roleLabels[role]}: ${user.email}`}
                    className="-my-1 inline-flex size-6 cursor-pointer items-center justify-center rounded-sm hover:bg-background/30 focus-visible:outline-2 focus-visible:outline-current disabled:cursor-wait disabled:opacity-50"
                  >
                    <X aria-hidden="true" />
                  </button>
                )}
              </Badge>
            </li>
          );
        })}
      </ul>

      {available.length > 0 ? (
        <add.Form method="post" action={USERS_ACTION} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="add-role" />
          <input type="hidden" name="userId" value={user.id} />
          <HiddenLabel htmlFor={selectId}>Rola do przypisania: {user.email}</HiddenLabel>
          <NativeSelect
            id={selectId}
            name="role"
            key={available.join(",")}
            defaultValue={available[0]}
            wrapperClassName="w-40"
            className="h-9 text-sm"
          >
            {available.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" size="sm" variant="secondary" disabled={adding} className="h-9">
            <Plus aria-hidden="true" />
            {adding ? "Dodawanie…" : "Dodaj rolę"}
          </Button>
        </add.Form>
      ) : (
        <p className="text-muted text-sm md:text-right">Wszystkie role przypisane</p>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={userMessages.removeConfirm}
        description={
          confirmRole ? `Użytkownik ${user.email} straci rolę „${roleLabels[confirmRole]}”.` : null
        }
        confirmLabel="Usuń rolę"
        onConfirm={() => {
          if (confirmRole)
            remove.submit(
              { intent: "remove-role", userId: user.id, role: confirmRole },
              { method: "post", action: USERS_ACTION },
            );
          setConfirmOpen(false);
        }}
      />
    </li>
  );
}
