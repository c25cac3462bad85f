// /platnosc-testowa/{id}: the built-in test payment provider's page (used when Stripe is not configured).
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { CreditCard, FlaskConical, Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormField, FormInput } from "~/components/ui/form-field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { DomainError } from "~/lib/domain-error";
import { handleFormAction, intent } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import { TotalRow } from "~/modules/cart/components/total-row";
import { deliveryOptions } from "~/modules/cart/delivery";
import { PaidNeedsRefundError } from "~/modules/checkout/checkout-errors";
import { releaseCheckout } from "~/modules/checkout/release-checkout.server";
import {
  lockedEmailMessage,
  TEST_PAYMENT_CANCELLED,
  TEST_PAYMENT_DONE,
  TEST_PAYMENT_EXPIRED,
  TEST_PAYMENT_FAILED,
  TEST_PAYMENT_INVALID,
  testPaymentSchema,
} from "~/modules/checkout/test-payment.schema";
import { getTestCheckout, payTestCheckout } from "~/modules/checkout/test-payment.server";
import { ticketItemName } from "~/modules/orders/ticket-item-name";
import type { Route } from "./+types/test-payment";

export const meta: Route.MetaFunction = () => [
  { title: "Płatność testowa" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const checkout = await getTestCheckout(params.id);
  if (!checkout) throw data(null, { status: 404 });
  if (checkout.paidAt && checkout.providerSessionId) {
    throw redirect(`/order-success?session_id=${encodeURIComponent(checkout.providerSessionId)}`);
  }
  const payable = checkout.status === "open" && checkout.expiresAt > new Date();
  return {
    payable,
    email: checkout.email ?? "",
    /** Started with an e-mail (an account's, or a guest's for a first-order code): not changeable here. */
    emailLocked: Boolean(checkout.email),
    total: checkout.total,
    subtotal: checkout.subtotal,
    discountAmount: checkout.discountAmount,
    deliveryCost: checkout.deliveryCost,
    deliveryLabel: deliveryOptions[checkout.deliveryMethod].label,
    expiresAt: checkout.expiresAt.toISOString(),
    lines: [
      ...checkout.ticketLines.map((line) => ({
        name: ticketItemName(line),
        size: null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      ...checkout.lines.map((line) => ({
        name: line.name,
        size: line.size,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
    ],
  };
}

/**
 * The payment form and its cancel button, on the one form contract: a refusal is rendered in place
 * with what was typed (scripts or not); paying and cancelling leave for the order or the cart (303).
 */
function paymentIntents(checkout: NonNullable<Awaited<ReturnType<typeof getTestCheckout>>>) {
  return {
    pay: intent({
      schema: testPaymentSchema,
      invalid: TEST_PAYMENT_INVALID,
      failure: TEST_PAYMENT_FAILED,
      run: async (payment) => {
        if (checkout.email && payment.email.trim().toLowerCase() !== checkout.email) {
          throw new DomainError(lockedEmailMessage(checkout.email), 400, "email");
        }
        const paid = await payTestCheckout(checkout.id, payment).catch((error: unknown) => {
          // Paid but refunded automatically (decision 037: past a limit, or not a first order): the
          // return page says so, as after a real provider.
          if (error instanceof PaidNeedsRefundError && error.refund && checkout.providerSessionId) {
            return { sessionId: checkout.providerSessionId };
          }
          throw error;
        });
        if (!paid) throw new DomainError(TEST_PAYMENT_EXPIRED, 409);
        return {
          message: TEST_PAYMENT_DONE,
          redirectTo: `/order-success?session_id=${encodeURIComponent(paid.sessionId)}`,
        };
      },
    }),
    cancel: intent({
      schema: z.object({}),
      failure: TEST_PAYMENT_FAILED,
      run: async () => {
        await releaseCheckout(checkout.id, "cancelled");
        return { message: TEST_PAYMENT_CANCELLED, redirectTo: "/cart?platnosc=anulowana" };
      },
    }),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const checkout = await getTestCheckout(params.id);
  if (!checkout) throw data(null, { status: 404 });
  return handleFormAction(request, paymentIntents(checkout), { invalidRequest: TEST_PAYMENT_INVALID });
}

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form, fields] = useZodForm(testPaymentSchema, {
    lastResult: actionData?.result,
    constraint: getZodConstraint(testPaymentSchema),
    defaultValue: { email: loaderData.email },
  });

  return (
    <section className="container-page max-w-2xl pb-16 pt-24">
      <div
        role="note"
        className="mb-6 flex items-center gap-3 rounded-md border border-warning bg-warning/10 px-4 py-3 text-sm font-bold text-warning"
      >
        <FlaskConical className="size-5 shrink-0" aria-hidden="true" />
        TRYB TESTOWY — to nie jest prawdziwa płatność. Żadne pieniądze nie zostaną pobrane.
      </div>
      <div className="rounded-lg border border-border bg-surface p-6 md:p-8">
        <div className="flex items-center justify-between gap-4">
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <CreditCard className="size-6 text-accent" aria-hidden="true" />
            Płatność testowa
          </h1>
          <TotalRow total={loaderData.total} placement="payment" testId="test-payment-total" />
        </div>

        <ul className="mt-6 divide-y divide-border border-y border-border text-sm">
          {loaderData.lines.map((line, index) => (
            <li key={`${line.name}-${index}`} className="flex justify-between gap-4 py-2">
              <span>
                {line.name}
                {line.size ? <span className="text-muted"> · Rozmiar {line.size}</span> : null}
                <span className="text-muted"> · {line.quantity} szt.</span>
              </span>
              <span>{formatPrice(line.unitPrice * line.quantity)}</span>
            </li>
          ))}
          {loaderData.discountAmount > 0 ? (
            <li className="flex justify-between py-2">
              <span>Rabat</span>
              <span>−{formatPrice(loaderData.discountAmount)}</span>
            </li>
          ) : null}
          <li className="flex justify-between py-2">
            <span>Dostawa ({loaderData.deliveryLabel})</span>
            <span>{formatPrice(loaderData.deliveryCost)}</span>
          </li>
        </ul>

        {loaderData.payable && actionData?.message !== TEST_PAYMENT_EXPIRED ? (
          <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
            {form.errors ? (
              <p role="alert" className="text-sm font-bold text-danger">
                {form.errors[0]}
              </p>
            ) : null}
            <FormField label="E-mail" field={fields.email}>
              <FormInput
                field={fields.email}
                type="email"
                autoComplete="email"
                readOnly={loaderData.emailLocked}
                aria-readonly={loaderData.emailLocked || undefined}
              />
            </FormField>
            {loaderData.emailLocked ? (
              <p className="-mt-2 text-muted text-xs" data-testid="test-payment-email-locked">
                Adres podany w koszyku; tego zamówienia nie można opłacić innym adresem.
              </p>
            ) : null}
            <FormField label="Imię i nazwisko" field={fields.name}>
              <FormInput field={fields.name} autoComplete="name" />
            </FormField>
            <FormField label="Adres" field={fields.address}>
              <FormInput field={fields.address} autoComplete="street-address" />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
              <FormField label="Kod pocztowy" field={fields.postalCode}>
                <FormInput
                  field={fields.postalCode}
                  autoComplete="postal-code"
                  inputMode="numeric"
                  placeholder="00-000"
                />
              </FormField>
              <FormField label="Miasto" field={fields.city}>
                <FormInput field={fields.city} autoComplete="address-level2" />
              </FormField>
            </div>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
              <Button type="submit" form="cancel-payment" variant="outline" disabled={busy}>
                Anuluj
              </Button>
              <Button type="submit" name="intent" value="pay" size="lg" disabled={busy}>
                <Lock className="size-4" aria-hidden="true" />
                Zapłać
              </Button>
            </div>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <p role="alert" className="font-bold text-danger">
              {TEST_PAYMENT_EXPIRED}
            </p>
            <Button asChild variant="outline">
              <Link to="/cart">Wróć do koszyka</Link>
            </Button>
          </div>
        )}
      </div>
      {/* Its own form, so cancelling never runs the payment form's validation. */}
      <Form method="post" id="cancel-payment" hidden>
        <input type="hidden" name="intent" value="cancel" />
      </Form>
    </section>
  );
}
