/**
 * The waiting list's two forms (issue #40), one zod schema each, read by the browser and the action:
 * joining a sold-out night (e-mail, 1–2 tickets, consent) and buying an offered ticket (the name on
 * it and the 18+ box).
 */
import { z } from "zod";
import { EMAIL_MAX } from "~/lib/email-limits";
import { attendeeMessages, attendeeSchema } from "./attendees";
import { WAITLIST_MAX_TICKETS, waitlistMessages } from "./waitlist";

export const waitlistSchema = z.object({
  // Any type of the night names it (the event page's view carries types, not the night's id); a value
  // no form of ours sends is refused by the lookup.
  ticketTypeId: z.string().trim().pipe(z.uuid()).optional().catch(undefined),
  email: z
    .string({ error: waitlistMessages.email })
    .trim()
    .max(EMAIL_MAX, { error: waitlistMessages.email, abort: true })
    .pipe(z.email({ error: waitlistMessages.email })),
  quantity: z.coerce
    .number({ error: waitlistMessages.quantity })
    .int({ error: waitlistMessages.quantity })
    .min(1, { error: waitlistMessages.quantity })
    .max(WAITLIST_MAX_TICKETS, { error: waitlistMessages.quantity }),
  consent: z.literal("on", { error: waitlistMessages.consent }),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;

export const offerPurchaseSchema = attendeeSchema.extend({
  adult: z.literal("on", { error: attendeeMessages.adult }),
});

export type OfferPurchaseInput = z.infer<typeof offerPurchaseSchema>;
