/**
 * Tabs for long documents (terms, returns): Radix Tabs (arrow keys, Home/End, proper roles) whose
 * panels are all server-rendered. The active tab follows the URL hash (/terms#zamowienia), so other
 * pages can link to a tab. Without JavaScript, and when printed, every panel shows one after another.
 */
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

export type PageTab = {
  /** Also the URL hash that opens it. */
  value: string;
  label: ReactNode;
  content: ReactNode;
};

const noScriptCss =
  "[data-page-tabs] [data-slot=tabs-list]{display:none!important}" +
  "[data-page-tabs] [data-slot=tabs-content][data-state=inactive]{display:block!important}";

export function PageTabs({ tabs, label }: { tabs: PageTab[]; label: string }) {
  const [value, setValue] = useState(tabs[0].value);
  const values = tabs.map((tab) => tab.value).join(" ");

  // The hash decides the tab after hydration and whenever it changes (links within the page).
  useEffect(() => {
    const fromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (hash && values.split(" ").includes(hash)) setValue(hash);
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, [values]);

  const select = useCallback((next: string) => {
    setValue(next);
    // Keep the tab in the address without scrolling or adding history entries.
    const url = new URL(window.location.href);
    url.hash = next;
    window.history.replaceState(window.history.state, "", url);
  }, []);

  return (
    <div data-page-tabs="">
      <noscript>
        <style>{noScriptCss}</style>
      </noscript>
      <Tabs value={value} onValueChange={select} className="gap-8">
        {/* Phones: the tabs share the width, two per row, so every label stays visible. */}
        <div className="print:hidden">
          <TabsList aria-label={label} className="grid w-full grid-cols-2 sm:inline-flex sm:w-max">
            {tabs.map((tab) => (
              <TabsTrigger
                key={tab.value}
                value={tab.value}
                className="h-auto min-h-10 whitespace-normal px-3 py-2 text-center text-xs leading-tight sm:px-5 sm:text-sm"
              >
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((tab) => (
          <TabsContent
            key={tab.value}
            value={tab.value}
            forceMount
            className="data-[state=inactive]:hidden print:data-[state=inactive]:block"
          >
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
