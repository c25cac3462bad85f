/** 'Zwroty i Reklamacje': the 14-day withdrawal (with the model form) and complaints (2 years). */
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { cheapestDeliveryPrice, deliveryOptionList } from "~/modules/cart/delivery";
import { TICKET_NO_WITHDRAWAL_TEXT } from "~/modules/tickets/ticket-terms";
import { FactCard, type LegalSite, Note, Prose, ShopEmailLink } from "./components/info-page";
import type { PageTab } from "./components/page-tabs";
import { WithdrawalFormDocument } from "./components/withdrawal-form-document";

export const WITHDRAWAL_DAYS = 14;
export const REFUND_DAYS = 14;
export const WARRANTY_YEARS = 2;
export const COMPLAINT_ANSWER_DAYS = 14;

function Steps({ steps }: { steps: { title: string; body: ReactNode }[] }) {
  return (
    <ol className="mt-6 max-w-3xl space-y-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-lg border border-border bg-surface p-5">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-display text-accent-foreground"
          >
            {index + 1}
          </span>
          <div className="min-w-0 text-foreground/80 leading-relaxed [&_a]:font-semibold [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_p+p]:mt-2">
            <h3 className="font-bold text-foreground text-lg">{step.title}</h3>
            <div className="mt-1">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A tab's section: its heading, three key facts, the steps to take, then the details (`children`). */
function ReturnsSection({
  id,
  title,
  facts,
  steps,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: string;
  facts: { value: string; label: string }[];
  steps: ComponentProps<typeof Steps>["steps"];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl md:text-3xl">
        {title}
      </h2>
      <div className="mt-6 grid max-w-3xl gap-3 sm:grid-cols-3">
        {facts.map((fact) => (
          <FactCard key={fact.value} value={fact.value} label={fact.label} />
        ))}
      </div>

      <Steps steps={steps} />

      {children}
    </section>
  );
}

export function returnsTabs(site: LegalSite): PageTab[] {
  const cheapest = deliveryOptionList.find((option) => option.price === cheapestDeliveryPrice());
  const mail = <ShopEmailLink site={site} />;
  const address = `${site.seller.company}, ${site.seller.address}`;

  return [
    {
      value: "zwroty",
      label: `Zwroty (${WITHDRAWAL_DAYS} dni)`,
      content: (
        <ReturnsSection
          id="zwroty-tytul"
          title={`Zwrot w ${WITHDRAWAL_DAYS} dni bez podania przyczyny`}
          facts={[
            { value: `${WITHDRAWAL_DAYS} dni`, label: "na decyzję o zwrocie, od otrzymania paczki" },
            { value: `${REFUND_DAYS} dni`, label: "na zwrot pieniędzy, razem z kosztem dostawy do Ciebie" },
            { value: "Ty", label: "pokrywasz koszt odesłania paczki do nas" },
          ]}
          steps={[
            {
              title: "Poinformuj nas",
              body: (
                <>
                  <p>
                    Masz {WITHDRAWAL_DAYS} dni od dnia, w którym otrzymałeś paczkę (gdy zamówienie przyszło w
                    kilku paczkach – od otrzymania ostatniej). Najprościej użyć formularza „Odstąp od umowy”
                    na stronie zamówienia: otworzysz ją linkiem „Sprawdź status zamówienia” z e-maila z
                    potwierdzeniem, a gdy masz konto – także z zakładki „Zamówienia”. Możesz też napisać na{" "}
                    {mail} albo wysłać list – wystarczy, że wyślesz oświadczenie przed upływem terminu.
                  </p>
                  <p>
                    Możesz użyć wzoru formularza poniżej, ale nie musisz. Podaj numer zamówienia, to zwrot
                    pójdzie szybciej. Potwierdzimy otrzymanie e-mailem.
                  </p>
                </>
              ),
            },
            {
              title: "Odeślij produkty",
              body: (
                <p>
                  Wyślij produkty najpóźniej {WITHDRAWAL_DAYS} dni od dnia, w którym nas poinformowałeś, na
                  adres: <strong className="text-foreground">{address}</strong>. Wybierz dowolnego przewoźnika
                  – koszt odesłania jest po Twojej stronie. Nie wysyłaj paczki za pobraniem, bo jej nie
                  odbierzemy.
                </p>
              ),
            },
            {
              title: "Odbierz pieniądze",
              body: (
                <>
                  <p>
                    Zwracamy cenę produktów i koszt dostawy do Ciebie – do wysokości najtańszego oferowanego
                    przez nas sposobu dostawy ({cheapest ? `${cheapest.label}, ` : ""}
                    {formatPrice(cheapestDeliveryPrice())}) – niezwłocznie, nie później niż w {REFUND_DAYS}{" "}
                    dni od otrzymania Twojego oświadczenia.
                  </p>
                  <p>
                    Możemy wstrzymać się ze zwrotem do chwili otrzymania paczki albo dowodu jej nadania, więc
                    w praktyce pieniądze trafiają do Ciebie w ciągu {REFUND_DAYS} dni od otrzymania zwrotu –
                    tą samą metodą, którą zapłaciłeś.
                  </p>
                </>
              ),
            },
          ]}
        >
          <Prose className="mt-10">
            <h3>W jakim stanie oddać produkt</h3>
            <p>
              Możesz obejrzeć i przymierzyć rzeczy tak, jak w sklepie stacjonarnym. Odpowiadasz za
              zmniejszenie ich wartości, jeśli korzystałeś z nich w sposób wykraczający poza to, co potrzebne
              do sprawdzenia ich charakteru, cech i działania – dlatego nie noś ich na imprezie, nie pierz i
              nie odcinaj metek.
            </p>
            <h3>Kiedy zwrot nie przysługuje</h3>
            <p>
              Prawo odstąpienia nie obejmuje produktów wykonanych według Twojej specyfikacji lub służących
              zaspokojeniu Twoich zindywidualizowanych potrzeb (np. nadruk z Twoim tekstem) ani innych
              przypadków z art. 38 ustawy o prawach konsumenta.
            </p>
            <p>{TICKET_NO_WITHDRAWAL_TEXT}</p>
            <h3>Inny rozmiar?</h3>
            <p>
              Najszybciej: złóż nowe zamówienie na właściwy rozmiar i odeślij poprzedni produkt w ramach
              zwrotu.
            </p>
            <Note title="Kupujesz na firmę?">
              <p>
                Jeśli jesteś przedsiębiorcą prowadzącym jednoosobową działalność, a zakup nie ma dla Ciebie
                charakteru zawodowego, masz takie samo prawo do zwrotu jak konsument.
              </p>
            </Note>

            <h3 id="formularz-odstapienia">Wzór formularza odstąpienia od umowy</h3>
            <p>
              Wzór z załącznika nr 2 do ustawy z dnia 30 maja 2014 r. o prawach konsumenta, z naszymi danymi
              jako adresatem.
            </p>
          </Prose>
          <WithdrawalFormDocument site={site} />
        </ReturnsSection>
      ),
    },
    {
      value: "reklamacje",
      label: `Reklamacje (${WARRANTY_YEARS} lata)`,
      content: (
        <ReturnsSection
          id="reklamacje-tytul"
          title={`Reklamacje – ${WARRANTY_YEARS} lata ochrony`}
          facts={[
            { value: `${WARRANTY_YEARS} lata`, label: "odpowiadamy za wady, licząc od dostarczenia" },
            { value: `${COMPLAINT_ANSWER_DAYS} dni`, label: "na naszą odpowiedź na reklamację" },
            { value: "0 zł", label: "kosztuje Cię przesyłka reklamowanego produktu" },
          ]}
          steps={[
            {
              title: "Zgłoś reklamację",
              body: (
                <p>
                  Napisz na {mail} lub użyj <Link to="/contact">formularza kontaktowego</Link> z tematem
                  „Reklamacja”. Podaj numer zamówienia, opisz wadę, napisz, kiedy ją zauważyłeś i czego
                  oczekujesz (naprawy, wymiany, obniżenia ceny lub odstąpienia od umowy). Zdjęcia bardzo
                  pomagają.
                </p>
              ),
            },
            {
              title: "Poczekaj na odpowiedź",
              body: (
                <p>
                  Odpowiemy w ciągu {COMPLAINT_ANSWER_DAYS} dni. Jeśli nie odpowiemy w tym terminie, oznacza
                  to, że uznaliśmy Twoją reklamację.
                </p>
              ),
            },
            {
              title: "Wyślij produkt na nasz koszt",
              body: (
                <p>
                  Gdy będziemy potrzebować produktu, podamy Ci sposób bezpłatnej wysyłki albo zwrócimy jej
                  koszt. Naprawę lub wymianę wykonujemy na nasz koszt.
                </p>
              ),
            },
          ]}
        >
          <Prose className="mt-10">
            <h3>Twoje uprawnienia</h3>
            <p>
              Odpowiadamy za zgodność produktu z umową przez {WARRANTY_YEARS} lata od jego dostarczenia
              (ustawowa rękojmia – dla konsumentów od 2023 r. nazywana odpowiedzialnością za brak zgodności
              towaru z umową). Wada, która ujawniła się w tym czasie, jest traktowana tak, jakby istniała w
              chwili dostarczenia.
            </p>
            <ul>
              <li>Najpierw możesz żądać naprawy albo wymiany produktu.</li>
              <li>
                Jeśli naprawa lub wymiana jest niemożliwa, nie nastąpiła w rozsądnym czasie albo wada powtarza
                się, możesz żądać obniżenia ceny lub – gdy wada nie jest nieistotna – odstąpić od umowy.
              </li>
              <li>Zwrot pieniędzy po uznaniu reklamacji wykonujemy w ciągu 14 dni.</li>
            </ul>
            <h3>Spór?</h3>
            <p>
              Możesz skorzystać z bezpłatnej pomocy rzecznika konsumentów lub polubownego sądu konsumenckiego
              – opis w <Link to="/terms#pozostale">Regulaminie (§ 7)</Link>.
            </p>
          </Prose>
        </ReturnsSection>
      ),
    },
  ];
}
