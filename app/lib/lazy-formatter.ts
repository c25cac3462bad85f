/**
 * An `Intl.DateTimeFormat` made on its first use and kept (as Hydrogen's `getLazyFormatter`). Never at
 * module level: the first formatter with a time zone loads ICU's locale and zone data, 30–60 ms of a
 * slow phone's start-up (decision 027). Public pages get their dates as strings from the server, so
 * only a browser page that formats one itself (the panel) pays for it, and only when it does.
 */
export function lazyDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => {
    formatter ??= new Intl.DateTimeFormat(locale, options);
    return formatter;
  };
}
