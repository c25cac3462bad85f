import { takeFlash } from "../../app/lib/flash.server";

/** The message a redirect leaves for the next page (app/lib/flash.server.ts), or null. */
export async function flashIn(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("nokturn_flash="))
    ?.split(";")[0];
  if (!cookie) return null;
  return (await takeFlash(new Request("http://localhost/", { headers: { cookie } }))).message;
}
