// POST /api/bramka/:eventId/skan: a scan decided by the server while the phone is online (issue #41).
import { jsonAnswer, readJsonBody } from "~/lib/json-api.server";
import { requireDoorNight } from "~/modules/door/door-access.server";
import { doorApiMessages, doorOnlineScanSchema } from "~/modules/door/door-api.schema";
import { DOOR_SCAN_RULE, limitDoor } from "~/modules/door/door-limits.server";
import { scanOnline } from "~/modules/door/door-scans.server";
import type { Route } from "./+types/door-scan";

export function action({ request, context, params }: Route.ActionArgs) {
  return jsonAnswer(async () => {
    const { staff, night } = await requireDoorNight({ request, context }, params.eventId);
    await limitDoor("scan", staff.id, DOOR_SCAN_RULE);
    return scanOnline(
      night,
      staff.id,
      await readJsonBody(request, doorOnlineScanSchema, doorApiMessages.invalid),
    );
  });
}
