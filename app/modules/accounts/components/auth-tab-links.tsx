/**
 * The account forms' tabs (sign-up and login): links before hydration (`?tab=…`, the page renders only
 * the chosen form), switched in place after it.
 */
import { TabsTrigger } from "~/components/ui/tabs";

export function AuthTabLinks<Tab extends string>({
  tabs,
  hrefOf,
  onSelect,
}: {
  tabs: readonly { value: Tab; label: string }[];
  hrefOf: (tab: Tab) => string;
  onSelect: (tab: Tab) => void;
}) {
  return tabs.map(({ value, label }) => (
    <TabsTrigger key={value} value={value} asChild>
      <a
        href={hrefOf(value)}
        onClick={(event) => {
          event.preventDefault();
          onSelect(value);
        }}
      >
        {label}
      </a>
    </TabsTrigger>
  ));
}
