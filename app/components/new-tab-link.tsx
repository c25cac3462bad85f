import type { ComponentProps } from "react";

/**
 * A link to another site that opens in a new tab, and says so to screen readers (a new tab taking
 * the focus elsewhere should not come as a surprise).
 */
export function NewTabLink({ children, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only">(otwiera się w nowej karcie)</span>
    </a>
  );
}
