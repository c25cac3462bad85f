/**
 * The ambassadors tab (SPEC §2 Ambassadors): a card per ambassador (picture, @name, bio, Instagram
 * link, order), the add/edit dialog, and delete behind SPEC's confirm.
 */
import { ExternalLink, Pencil } from "lucide-react";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { AddButton, PanelScreen, useRecordList } from "~/components/panel/panel-screen";
import type { RowHandlers } from "~/components/panel/row-actions";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { instagramHandle } from "~/modules/content/text";
import { ambassadorFailure, ambassadorMessages } from "../../ambassadors.schema";
import type { AmbassadorCard } from "../../ambassadors.server";
import { AmbassadorPortrait } from "../ambassador-portrait";
import { AMBASSADORS_ACTION, AmbassadorFormDialog } from "./ambassador-form-dialog";

export function AmbassadorsPanel({
  ambassadors,
  loadError,
}: {
  ambassadors: AmbassadorCard[];
  loadError: string | null;
}) {
  const { list, edit, dialogKey, dialog, remove, shown } = useRecordList(ambassadors, {
    action: AMBASSADORS_ACTION,
    loadError,
    deleteFailure: ambassadorFailure.delete,
  });

  return (
    <PanelScreen
      name="ambassadors"
      title="Ambasadorzy"
      count={ambassadors.length}
      actions={<AddButton label="Dodaj ambasadora" onClick={() => edit("new")} />}
    >
      {loadError ? (
        <p role="alert" className="rounded-lg border border-border bg-surface p-10 text-center text-danger">
          {loadError}
        </p>
      ) : ambassadors.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed bg-surface p-10 text-center text-muted">
          {ambassadorMessages.empty}
        </p>
      ) : (
        <ul
          className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", list.loading && "opacity-60")}
          aria-busy={list.loading}
          aria-label="Lista ambasadorów"
        >
          {shown.map((ambassador) => (
            <AmbassadorTile
              key={ambassador.id}
              ambassador={ambassador}
              onEdit={() => edit(ambassador)}
              onDelete={() => remove(ambassador.id)}
            />
          ))}
        </ul>
      )}
      <AmbassadorFormDialog key={dialogKey} {...dialog} />
    </PanelScreen>
  );
}

function AmbassadorTile({ ambassador, onEdit, onDelete }: { ambassador: AmbassadorCard } & RowHandlers) {
  const handle = instagramHandle(ambassador.name);
  return (
    <li
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4"
      data-testid="ambassador-admin-card"
      data-ambassador-id={ambassador.id}
    >
      <div className="flex items-center gap-4">
        <AmbassadorPortrait image={ambassador.profileImage} handle={handle} look="tile" />
        <div className="min-w-0">
          <h3 className="break-words font-display text-xl">{handle}</h3>
          <p className="text-muted text-xs">
            Kolejność: <span className="tabular-nums">{ambassador.orderIndex}</span> · /{ambassador.slug}
          </p>
        </div>
      </div>
      {ambassador.bio ? <p className="text-muted text-sm">{ambassador.bio}</p> : null}
      <a
        href={ambassador.instagramUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-w-0 items-center gap-1.5 break-all text-accent text-sm hover:underline"
      >
        <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
        {ambassador.instagramUrl}
      </a>
      <div className="mt-auto flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" aria-label={`Edytuj: ${handle}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edytuj
        </Button>
        <ConfirmDialog
          trigger={<DeleteButton label={`Usuń: ${handle}`}>Usuń</DeleteButton>}
          title={ambassadorMessages.deleteTitle}
          description={ambassadorMessages.deleteDescription}
          confirmLabel="Usuń ambasadora"
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
