/** The panel's tabs as links: the tab is in the URL, so it can be linked, reloaded and middle-clicked. */
import {
  BadgePercent,
  Boxes,
  CalendarDays,
  ChartLine,
  Images,
  Mail,
  MailPlus,
  Megaphone,
  ReceiptText,
  TicketPercent,
  UsersRound,
} from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { type AdminTab, adminTabHref, adminTabLabels } from "../admin-tabs";

const icons: Record<AdminTab, typeof Boxes> = {
  dashboard: ChartLine,
  orders: ReceiptText,
  products: Boxes,
  sales: BadgePercent,
  users: UsersRound,
  invitations: MailPlus,
  discounts: TicketPercent,
  galleries: Images,
  ambassadors: Megaphone,
  events: CalendarDays,
  emails: Mail,
};

/** The tabs the signed-in user may open (`tabs`), the current one highlighted. */
export function AdminTabsNav({ active, tabs }: { active: AdminTab | null; tabs: readonly AdminTab[] }) {
  return (
    <nav aria-label="Sekcje panelu" className="relative -mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex w-max min-w-full gap-1 rounded-md border border-border bg-surface p-1">
        {tabs.map((tab) => {
          const Icon = icons[tab];
          const current = tab === active;
          return (
            <li key={tab}>
              <Link
                to={adminTabHref(tab)}
                aria-current={current ? "page" : undefined}
                prefetch="intent"
                className={cn(
                  "inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-sm px-2.5 font-bold text-[0.8125rem] uppercase tracking-wide",
                  "transition-colors outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                  current
                    ? "bg-accent text-accent-foreground"
                    : "text-muted hover:bg-surface-2 hover:text-foreground",
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {adminTabLabels[tab]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
