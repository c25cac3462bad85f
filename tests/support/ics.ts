/** Reading .ics files in tests: the calendar unit test and the event pages in the browser. */

/** Unfolds an .ics file and splits it into [name with parameters, value] pairs. */
export function parseIcs(text: string) {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon), line.slice(colon + 1)] as const;
    });
}
