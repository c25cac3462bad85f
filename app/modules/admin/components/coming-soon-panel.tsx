/** An honest placeholder for the tabs the second part of the panel builds. */
import { Hammer } from "lucide-react";
import type { AdminTab } from "../admin-tabs";
import { adminTabLabels } from "../admin-tabs";

const plans: Partial<Record<AdminTab, string>> = {
  users: "Wyszukiwanie użytkowników po e-mailu, przypisywanie i usuwanie ról.",
  invitations: "Lista zaproszeń i wysyłanie zaproszeń z wybraną rolą.",
  discounts: "Statystyki, lista kodów rabatowych, tworzenie i edycja kodów.",
  galleries: "Galerie zdjęć: publikacja, wyróżnienie i menedżer zdjęć.",
  ambassadors: "Karty ambasadorów: dodawanie, edycja i usuwanie.",
  events: "Wydarzenia: dane, timetable i FAQ strony głównej.",
  emails: "Wysyłka testowych e-maili z podglądem.",
};

export function ComingSoonPanel({ tab }: { tab: AdminTab }) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="flex flex-col items-center gap-3 rounded-lg border border-border border-dashed bg-surface/60 px-6 py-16 text-center"
    >
      <Hammer aria-hidden="true" className="size-8 text-muted" />
      <h2 id="coming-soon-title" className="font-display text-2xl">
        {adminTabLabels[tab]} — wkrótce
      </h2>
      <p className="max-w-md text-muted">Ta sekcja panelu jest w przygotowaniu. {plans[tab] ?? ""}</p>
    </section>
  );
}
