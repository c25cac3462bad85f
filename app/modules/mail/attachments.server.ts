/**
 * Files an outbox message carries, made when it is sent rather than stored with it: an e-ticket's PDF
 * shows the ticket as it is at sending (a transfer made meanwhile is already in it), and the outbox
 * row stays small. Each kind's maker is loaded on first use, so the PDF library is never loaded on a
 * page's path.
 */
import type { Executor } from "~/lib/db.server";
import type { MailAttachmentRef } from "../../../db/schema";
import { NIGHT_ICS_ATTACHMENT, ORDER_TICKETS_ATTACHMENT, TICKET_PDF_ATTACHMENT } from "./attachments";

export type MailFile = { filename: string; content: Buffer; contentType: string };

type Maker = (ref: string, database: Executor) => Promise<MailFile[]>;

const makers: Record<string, () => Promise<Maker>> = {
  [ORDER_TICKETS_ATTACHMENT]: async () =>
    (await import("~/modules/tickets/ticket-files.server")).orderTicketFiles,
  [TICKET_PDF_ATTACHMENT]: async () =>
    (await import("~/modules/tickets/ticket-files.server")).singleTicketFiles,
  [NIGHT_ICS_ATTACHMENT]: async () => (await import("~/modules/content/event-ics.server")).nightIcsFiles,
};

/** The files of a message's attachment refs; an unknown kind is an error (the send is retried, then failed). */
export async function attachmentFiles(
  refs: readonly MailAttachmentRef[] | null | undefined,
  database: Executor,
): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const ref of refs ?? []) {
    const load = Object.hasOwn(makers, ref.kind) ? makers[ref.kind] : undefined;
    if (!load) throw new Error(`unknown mail attachment kind: ${ref.kind}`);
    files.push(...(await (await load())(ref.ref, database)));
  }
  return files;
}
