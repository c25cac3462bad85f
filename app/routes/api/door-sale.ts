// POST /api/bramka/:eventId/sprzedaz: a door sale made online, taken from the night's capacity at once
// (issue #41). A sale offline from a block arrives by sync instead.
import { jsonAnswer, readJsonBody } from "~/lib/json-api.server";
import { requireDoorNight } from "~/modules/door/door-access.server";
import { doorApiMessages, doorSaleSchema } from "~/modules/door/door-api.schema";
import { DOOR_SCAN_RULE, limitDoor } from "~/modules/door/door-limits.server";
import { sellAtDoor } from "~/modules/door/door-sales.server";
import { requireDevice } from "~/modules/door/door-scans.server";
import type { Route } from "./+types/door-sale";

export function action({ request, context, params }: Route.ActionArgs) {
  return jsonAnswer(async () => {
    const { staff, night } = await requireDoorNight({ request, context }, params.eventId);
    await limitDoor("sale", staff.id, DOOR_SCAN_RULE);
    const sale = await readJsonBody(request, doorSaleSchema, doorApiMessages.invalid);
    await requireDevice(sale.deviceId, staff.id);
    return sellAtDoor(night, staff.id, { ...sale, blockId: null });
  });
}
