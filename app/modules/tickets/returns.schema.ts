/** "Oddaj bilet" (issue #40): the one schema of its two buttons, read by the browser and the action. */
import { z } from "zod";
import { returnMessages } from "./waitlist";

export const RETURN_INTENT = "return-ticket";
export const WITHDRAW_RETURN_INTENT = "withdraw-return";

export const ticketReturnSchema = z.object({
  ticketId: z
    .string({ error: returnMessages.notHolder })
    .trim()
    .pipe(z.uuid({ error: returnMessages.notHolder })),
});
