/** The model withdrawal form shown on the page, like a printed sheet, with its download link. */
import { Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { SiteConfig } from "~/lib/site";
import { WITHDRAWAL_FORM_FILENAME, withdrawalFormModel } from "../withdrawal-form";

export const WITHDRAWAL_FORM_PATH = "/formularz-odstapienia";

export function WithdrawalFormDownload({ className }: { className?: string }) {
  return (
    <Button asChild variant="default" className={className}>
      <a href={WITHDRAWAL_FORM_PATH} download={WITHDRAWAL_FORM_FILENAME}>
        <Download aria-hidden="true" />
        Pobierz formularz (.txt)
      </a>
    </Button>
  );
}

export function WithdrawalFormDocument({ site }: { site: Pick<SiteConfig, "seller" | "email" | "name"> }) {
  const model = withdrawalFormModel(site);
  return (
    <figure className="mt-6 max-w-3xl" aria-labelledby="wzor-formularza-tytul">
      <div className="rounded-md bg-[#f4f1fa] p-5 text-[#17151d] shadow-[0_20px_60px_-20px_rgb(0_0_0/0.8)] sm:p-8">
        <p id="wzor-formularza-tytul" className="text-center font-bold tracking-wide">
          {model.title}
        </p>
        <p className="mt-1 text-center text-[#4b4657] text-sm">{model.instruction}</p>
        <dl className="mt-6 space-y-5 text-sm sm:text-[0.95rem]">
          <div>
            <dt className="font-semibold">Adresat:</dt>
            <dd className="mt-1">
              <address className="not-italic">
                {model.addressee.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div>
            <dt className="leading-relaxed">{model.statement}:</dt>
            <dd>
              <FillLines count={model.fields[0].lines} />
            </dd>
          </div>
          {model.fields.slice(1).map((field) => (
            <div key={field.label}>
              <dt>
                {field.label}
                {field.note ? <span className="text-[#4b4657]"> ({field.note})</span> : null}:
              </dt>
              <dd>
                <FillLines count={field.lines} />
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-[#4b4657] text-sm">{model.footnote}</p>
      </div>
      <figcaption className="mt-4 flex flex-col gap-3 text-foreground/80 text-sm sm:flex-row sm:items-center sm:justify-between">
        <span>Formularz możesz wydrukować, wypełnić w edytorze tekstu albo przepisać do e-maila.</span>
        <WithdrawalFormDownload className="shrink-0" />
      </figcaption>
    </figure>
  );
}

function FillLines({ count }: { count: number }) {
  return (
    <span aria-hidden="true" className="block">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="mt-5 block border-[#8a8496] border-b border-dotted" />
      ))}
    </span>
  );
}
