/**
 * The users tab (SPEC §2 Users, §5 User search): an e-mail search box (case-insensitive substring,
 * kept in the URL), the list — newest accounts first, a page at a time — with role badges and the
 * add-role selector.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { ListFrame } from "~/components/panel/admin-table";
import { ListFilters } from "~/components/panel/list-filters";
import { PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import { Button } from "~/components/ui/button";
import { type UserFilters, userListSearch, userMessages } from "../../users.schema";
import { UserRow, type UserRowData } from "./user-row";

/** A count with a label before it side-steps the plural forms of a masculine-personal noun. */
function countLabel(total: number, searching: boolean) {
  return searching ? `Znaleziono: ${total}` : `Wszystkich kont: ${total}`;
}

export function UserPanel({
  filters,
  currentUserId,
  users,
  total,
  page,
  pageCount,
  loadError,
}: {
  filters: UserFilters;
  currentUserId: string;
  users: UserRowData[];
  total: number;
  page: number;
  pageCount: number;
  loadError: string | null;
}) {
  const list = usePanelList("/admin/users", loadError);

  return (
    <PanelScreen
      name="users"
      title="Użytkownicy"
      count={loadError ? "" : countLabel(total, Boolean(filters.q))}
    >
      <ListFilters
        action="/admin/users"
        label="Szukaj użytkowników"
        className="flex flex-wrap gap-2 rounded-lg border border-border bg-surface p-3"
        search={{
          id: "user-search",
          label: "Szukaj po adresie e-mail",
          placeholder: "Szukaj po adresie e-mail…",
          value: filters.q,
          maxLength: 255,
          spellCheck: false,
        }}
        submitLabel="Szukaj"
        canClear={Boolean(filters.q)}
      />

      <ListFrame
        {...list}
        empty={users.length > 0 ? null : filters.q ? userMessages.noMatches : userMessages.empty}
      >
        <ul className="divide-y divide-border" aria-label="Lista użytkowników">
          {users.map((user) => (
            <UserRow key={user.id} user={user} isCurrentUser={user.id === currentUserId} />
          ))}
        </ul>
      </ListFrame>

      {pageCount > 1 ? (
        <nav aria-label="Strony listy użytkowników" className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/users${userListSearch({ q: filters.q, page: page - 1 })}`} preventScrollReset>
                <ChevronLeft aria-hidden="true" />
                Poprzednia
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <p className="text-muted text-sm">
            Strona {page} z {pageCount}
          </p>
          {page < pageCount ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/users${userListSearch({ q: filters.q, page: page + 1 })}`} preventScrollReset>
                Następna
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </PanelScreen>
  );
}
