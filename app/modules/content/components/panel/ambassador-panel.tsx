/**
 * The ambassadors tab (SPEC §2 Ambassadors): a card per ambassador (picture, @name, bio, Instagram
 * link, order), the add/edit dialog, and delete behind SPEC's confirm.
 */
import { ExternalLink, Pencil, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import { instagramHandle } from "~/modules/content/text";
import { type AmbassadorActionResult, ambassadorFailure, ambassadorMessages } from "../../ambassadors.schema";
import type { AmbassadorCard } from "../../ambassadors.server";
import { AMBASSADORS_ACTION, AmbassadorFormDialog } from "./ambassador-form-dialog";

export function AmbassadorsPanel({
  ambassadors,
  loadError,
}: {
  ambassadors: AmbassadorCard[];
  loadError: string | null;
}) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/ambassadors");
  const [editing, setEditing] = useState<AmbassadorCard | "new" | null>(null);
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
  // Deletes go through the panel, which stays mounted: the card is gone before the answer arrives.
  const remover = useFetcher<AmbassadorActionResult>({ key: "ambassador-delete" });
  useFetcherResult(
    remover,
    (result) => {
      if (result.ok) toast.success(result.message);
      else
        toast.error(ambassadorFailure.delete, {
          description: result.message !== ambassadorFailure.delete ? result.message : undefined,
        });
    },
    { beforeReload: true },
  );
  const deletingId = remover.state !== "idle" ? remover.formData?.get("id") : null;
  const shown = ambassadors.filter((ambassador) => ambassador.id !== deletingId);
  const close = useCallback((open: boolean) => {
    if (!open) setEditing(null);
  }, []);

  return (
    <section aria-labelledby="ambassadors-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h2 id="ambassadors-title" className="font-display text-2xl">
            Ambasadorzy
          </h2>
          <p className="text-muted text-sm" aria-live="polite" data-testid="ambassadors-count">
            {ambassadors.length}
          </p>
        </div>
        <Button type="button" size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Dodaj ambasadora
        </Button>
      </div>
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
          className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", loading && "opacity-60")}
          aria-busy={loading}
          aria-label="Lista ambasadorów"
        >
          {shown.map((ambassador) => (
            <AmbassadorTile
              key={ambassador.id}
              ambassador={ambassador}
              onEdit={() => setEditing(ambassador)}
              onDelete={() =>
                remover.submit(
                  { intent: "delete", id: ambassador.id },
                  { method: "post", action: AMBASSADORS_ACTION },
                )
              }
            />
          ))}
        </ul>
      )}
      <AmbassadorFormDialog
        key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
        ambassador={editing === "new" || editing === null ? null : editing}
        open={editing !== null}
        onOpenChange={close}
      />
    </section>
  );
}

function AmbassadorTile({
  ambassador,
  onEdit,
  onDelete,
}: {
  ambassador: AmbassadorCard;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const handle = instagramHandle(ambassador.name);
  return (
    <li
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4"
      data-testid="ambassador-admin-card"
      data-ambassador-id={ambassador.id}
    >
      <div className="flex items-center gap-4">
        <div className="size-16 shrink-0 overflow-hidden rounded-full border border-border bg-surface-2">
          {ambassador.profileImage ? (
            <ResponsiveImage
              image={ambassador.profileImage}
              sizes="64px"
              alt=""
              className="size-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-full items-center justify-center font-display text-2xl text-accent"
            >
              {handle.charAt(1).toUpperCase()}
            </span>
          )}
        </div>
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
