import type { ReactNode } from "react";

/** A section named by the heading it opens with (`aria-labelledby` the heading's `id`). */
export function LabelledSection({
  id,
  title,
  level = 2,
  className,
  titleClassName,
  testId,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  titleClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
