/** The session cookie of better-auth as a browser holds it (no database here: browsers import it). */
export const SESSION_COOKIE = "better-auth.session_token";

/** A Playwright storage state holding one session cookie for `baseUrl`. */
export function storageStateFor(baseUrl: string, cookieValue: string) {
  const url = new URL(baseUrl);
  return {
    cookies: [
      {
        name: SESSION_COOKIE,
        value: cookieValue,
        domain: url.hostname,
        path: "/",
        expires: Math.floor(Date.now() / 1000) + 7 * 86_400,
        httpOnly: true,
        secure: url.protocol === "https:",
        sameSite: "Lax" as const,
      },
    ],
    origins: [],
  };
}
