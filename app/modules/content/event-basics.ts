/**
 * What, when and where a night is: the fields every summary of an event carries (the upcoming list,
 * the .ics file, the MusicEvent JSON-LD). Instants as ISO strings, the way loaders send them. Plain
 * type, safe for server and browser code alike.
 */
export type EventBasics = {
  slug: string;
  title: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  venue: string;
  city: string;
  address: string | null;
  ticketUrl: string | null;
};
