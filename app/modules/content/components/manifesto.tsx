/** The manifesto: big type, the first sentence lit in the accent colour. */
export function Manifesto({ text, brand }: { text: string; brand: string }) {
  const firstStop = text.search(/[.!?](\s|$)/);
  const lead = firstStop > 0 ? text.slice(0, firstStop + 1) : text;
  const rest = firstStop > 0 ? text.slice(firstStop + 1).trim() : "";
  return (
    <section
      aria-labelledby="manifesto-title"
      className="container-page py-24 md:py-36"
      data-testid="manifesto"
    >
      <div className="grid gap-8 lg:grid-cols-[12rem_1fr] lg:gap-16">
        <h2
          id="manifesto-title"
          className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent md:text-sm lg:pt-4"
        >
          Manifest {brand}
        </h2>
        <p className="max-w-5xl text-2xl font-bold leading-[1.2] tracking-tight text-pretty sm:text-3xl md:text-4xl lg:text-[2.75rem] lg:leading-[1.15]">
          <span className="text-accent">{lead}</span>{" "}
          {rest ? <span className="text-foreground/90">{rest}</span> : null}
        </p>
      </div>
    </section>
  );
}
