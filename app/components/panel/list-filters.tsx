/**
 * The filter form above a panel list (users' search, products' search and selects): a GET form whose
 * values live in the URL, applied by itself — a select at once, the search box after a pause in
 * typing — with a submit button only before hydration and "Wyczyść" back to the bare list. The URL
 * is the source of truth: the search box follows it unless the person is typing in it.
 */
import { Search, X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { HiddenLabel } from "~/components/ui/label";

/** How long typing pauses before the search is applied. */
const SEARCH_DELAY_MS = 300;

export function ListFilters({
  action,
  label,
  className,
  search,
  submitLabel,
  canClear,
  children,
}: {
  /** The list's URL, also where "Wyczyść" leads. */
  action: string;
  /** The form's accessible name ("Szukaj użytkowników"). */
  label: string;
  className: string;
  search: {
    id: string;
    label: string;
    placeholder: string;
    value: string;
    maxLength?: number;
    spellCheck?: boolean;
  };
  submitLabel: string;
  /** Whether any filter is set, so "Wyczyść" has something to clear. */
  canClear: boolean;
  /** Further filters; each calls `apply` when it changes. */
  children?: (apply: () => void) => ReactNode;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = search.value;
  }, [search.value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <HiddenLabel htmlFor={search.id}>{search.label}</HiddenLabel>
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted"
        />
        <Input
          ref={searchRef}
          id={search.id}
          name="q"
          type="search"
          defaultValue={search.value}
          placeholder={search.placeholder}
          autoComplete="off"
          spellCheck={search.spellCheck}
          maxLength={search.maxLength}
          className="h-10 pl-9 text-sm"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, SEARCH_DELAY_MS);
          }}
        />
      </div>
      {children?.(apply)}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" size="sm" className="h-10 [[data-hydrated=true]_&]:hidden">
          {submitLabel}
        </Button>
        {canClear ? (
          <Button asChild variant="ghost" size="sm" className="h-10">
            <Link to={action} replace preventScrollReset>
              <X aria-hidden="true" />
              Wyczyść
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
