// POST /api/bramka/:eventId/sync: a phone's offline scans and sales, and what every phone did since its
// cursor (issue #41). Idempotent by nonce: a sync sent twice stores nothing twice.
import { jsonAnswer, readJsonBody } from "~/lib/json-api.server";
import { requireDoorNight } from "~/modules/door/door-access.server";
import { doorApiMessages, doorSyncSchema } from "~/modules/door/door-api.schema";
import { DOOR_SYNC_RULE, limitDoor } from "~/modules/door/door-limits.server";
import { syncDoor } from "~/modules/door/door-scans.server";
import type { Route } from "./+types/door-sync";

export function action({ request, context, params }: Route.ActionArgs) {
  return jsonAnswer(async () => {
    const { staff, night } = await requireDoorNight({ request, context }, params.eventId);
    await limitDoor("sync", staff.id, DOOR_SYNC_RULE);
    return syncDoor(night, staff.id, await readJsonBody(request, doorSyncSchema, doorApiMessages.invalid));
  });
}
