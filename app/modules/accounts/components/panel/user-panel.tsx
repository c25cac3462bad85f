/**
 * The users tab (SPEC §2 Users, §5 User search): an e-mail search box (case-insensitive substring,
 * kept in the URL), the list — newest accounts first, a page at a time — with role badges and the
 * add-role selector.
 */
import { ChevronLeft, ChevronRight, Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ListFrame } from "~/components/panel/admin-table";
import { PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { type UserFilters, userListSearch, userMessages } from "../../users.schema";
import { UserRow, type UserRowData } from "./user-row";

/** A count with a label before it side-steps the plural forms of a masculine-personal noun. */
function countLabel(total: number, searching: boolean) {
  return searching ? `Znaleziono: ${total}` : `Wszystkich kont: ${total}`;
}

function SearchBar({ q }: { q: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL is the source of truth: reflect it in the box unless the person is typing in it.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/users"
      role="search"
      aria-label="Szukaj użytkowników"
      className="flex flex-wrap gap-2 rounded-lg border border-border bg-surface p-3"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor="user-search" className="sr-only">
          Szukaj po adresie e-mail
        </label>
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted"
        />
        <Input
          ref={inputRef}
          id="user-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Szukaj po adresie e-mail…"
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
          className="h-10 pl-9 text-sm"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, 300);
          }}
        />
      </div>
      <Button type="submit" variant="secondary" size="sm" className="h-10 [[data-hydrated=true]_&]:hidden">
        Szukaj
      </Button>
      {q ? (
        <Button asChild variant="ghost" size="sm" className="h-10">
          <Link to="/admin/users" replace preventScrollReset>
            <X aria-hidden="true" />
            Wyczyść
          </Link>
        </Button>
      ) : null}
    </Form>
  );
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
  const loading = usePanelList("/admin/users", loadError);

  return (
    <PanelScreen
      id="users-title"
      title="Użytkownicy"
      count={loadError ? "" : countLabel(total, Boolean(filters.q))}
      countTestId="users-count"
    >
      <SearchBar q={filters.q} />

      <ListFrame
        loading={loading}
        loadError={loadError}
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
