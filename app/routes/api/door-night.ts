// GET /api/bramka/:eventId/noc?urzadzenie=<uuid>&nazwa=<name>: the night for a phone before doors
// (issue #41); registers the phone as the signed-in door staff member's.

import { DomainError } from "~/lib/domain-error";
import { jsonAnswer } from "~/lib/json-api.server";
import { isUuid, requireDoorNight } from "~/modules/door/door-access.server";
import { deviceNameSchema, doorApiMessages } from "~/modules/door/door-api.schema";
import { downloadNight, registerDevice } from "~/modules/door/door-night.server";
import type { Route } from "./+types/door-night";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return jsonAnswer(async () => {
    const { staff, night } = await requireDoorNight({ request, context }, params.eventId);
    const query = new URL(request.url).searchParams;
    const deviceId = query.get("urzadzenie");
    const name = deviceNameSchema.safeParse(query.get("nazwa") ?? "");
    if (!isUuid(deviceId)) throw new DomainError(doorApiMessages.invalid, 400);
    if (!name.success) throw new DomainError(doorApiMessages.deviceName, 400);
    await registerDevice(deviceId, staff.id, name.data, night.id);
    return downloadNight(night, deviceId);
  });
}
