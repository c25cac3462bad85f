/**
 * The e-mails tab (SPEC §2 Emails): one tab per template, each with the recipient, the sample data as
 * editable JSON, a live preview and the send result. The preview HTML goes into a sandboxed iframe's
 * `srcdoc` (no scripts, no same-origin access), so nothing typed can run in the panel.
 */
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { TEST_EMAIL_TEMPLATES, type TestEmailTemplate, testEmailLabels } from "../../test-emails.schema";
import type { TestEmailPreview } from "../../test-emails.server";
import { TestEmailForm } from "./test-email-form";

export function TestEmailsPanel({
  adminEmail,
  previews,
}: {
  adminEmail: string;
  previews: Record<TestEmailTemplate, TestEmailPreview>;
}) {
  return (
    <section aria-labelledby="emails-title" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="emails-title" className="font-display text-2xl">
          E-maile testowe
        </h2>
        <p className="mt-1 text-muted text-sm">
          Wyślij dowolny szablon na wybrany adres, z przykładowymi danymi, które możesz zmienić. Kwoty podaj w
          groszach (12900 = 129,00 zł), daty w formacie ISO.
        </p>
      </div>
      <Tabs defaultValue={TEST_EMAIL_TEMPLATES[0]} className="grid grid-cols-1 gap-4">
        <TabsList
          aria-label="Szablon e-maila"
          className="flex w-full flex-wrap justify-start gap-1 overflow-x-auto"
        >
          {TEST_EMAIL_TEMPLATES.map((template) => (
            <TabsTrigger key={template} value={template}>
              {testEmailLabels[template].title}
            </TabsTrigger>
          ))}
        </TabsList>
        {TEST_EMAIL_TEMPLATES.map((template) => (
          // Kept mounted, so what was typed in one tab survives a look at another.
          <TabsContent key={template} value={template} forceMount className="data-[state=inactive]:hidden">
            <TestEmailForm template={template} adminEmail={adminEmail} initialPreview={previews[template]} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
