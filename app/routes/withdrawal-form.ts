// /formularz-odstapienia: the model withdrawal form as a UTF-8 text file to download, fill in and send.
import { env } from "~/lib/env.server";
import { WITHDRAWAL_FORM_FILENAME, withdrawalFormText } from "~/modules/legal/withdrawal-form";

export function loader() {
  // A byte-order mark lets older Windows editors recognise UTF-8 (Polish letters).
  const body = `\uFEFF${withdrawalFormText(env().site)}`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${WITHDRAWAL_FORM_FILENAME}"; filename*=UTF-8''${encodeURIComponent(WITHDRAWAL_FORM_FILENAME)}`,
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
