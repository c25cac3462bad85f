import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MODULE_AFTER_LOAD_TYPE, PRELOAD_AFTER_LOAD_REL, START_MODULES_AFTER_LOAD } from "./module-start";
import { startModulesAfterLoad, startsAfterLoad } from "./module-start.server";

const held = `type="${MODULE_AFTER_LOAD_TYPE}"`;
const heldPreload = `<link rel="${PRELOAD_AFTER_LOAD_REL}"`;

function documentWith(body: string) {
  return Buffer.from(
    `<!DOCTYPE html><html><head><link rel="preload" as="image" href="/hero.webp"/>` +
      `<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js" nonce="N"/>` +
      `<link rel="stylesheet" href="/assets/app.css"/></head><body>${body}</body></html>`,
  );
}

describe("startModulesAfterLoad", () => {
  it("holds the module preloads and the one module script, their other attributes and text as they were", () => {
    const script = `<script nonce="N" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>`;
    const out = startModulesAfterLoad(documentWith(`<p>Sklep</p>${script}`)).toString();
    expect(out).not.toContain('"modulepreload"');
    expect(out).toContain(
      `${heldPreload} href="/assets/manifest-1.js"/>${heldPreload} href="/assets/entry.client-2.js" nonce="N"/>`,
    );
    expect(out).toContain(
      `<script nonce="N" ${held} async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>`,
    );
    expect(out).toContain('<link rel="preload" as="image" href="/hero.webp"/>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/></head><body><p>Sklep</p>');
  });

  it("returns a document without a module script, or with two, as it was", () => {
    const none = documentWith("<p>Sklep</p>");
    expect(startModulesAfterLoad(none)).toBe(none);
    const two = documentWith(
      '<script type="module" async="">a()</script><script type="module" async="">b()</script>',
    );
    expect(startModulesAfterLoad(two)).toBe(two);
  });

  it("matches what React writes for React Router's module script and preloads", () => {
    // The shape <Scripts> renders (react-router/lib/dom/ssr/components.js): if React or React Router
    // writes it differently, the page would start the framework's way again, unnoticed but for this.
    const html = renderToString(
      <html lang="pl">
        <head />
        <body>
          <link rel="modulepreload" href="/assets/entry.client-2.js" nonce="N" />
          <script
            nonce="N"
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: "import('/a.js');" }}
            type="module"
            async
          />
        </body>
      </html>,
    );
    const out = startModulesAfterLoad(Buffer.from(html)).toString();
    expect(out).toContain(`${heldPreload} href="/assets/entry.client-2.js" nonce="N"/>`);
    expect(out).toContain(`<script nonce="N" ${held} async="">import('/a.js');</script>`);
  });

  it("a user's text that spells the markup out is escaped, so it is never taken for it", () => {
    const html = renderToString(<p>{'<link rel="modulepreload" href="/x.js"> type="module" async=""'}</p>);
    expect(startModulesAfterLoad(Buffer.from(html)).toString()).toBe(html);
  });
});

describe("startsAfterLoad", () => {
  it("is every page but the panel's and the door's", () => {
    for (const path of [
      "/",
      "/merch/koszulka-nokturn-logo",
      "/cart",
      "/account/orders",
      "/administracja",
      "/bramkarz",
    ]) {
      expect(startsAfterLoad(path), path).toBe(true);
    }
    for (const path of ["/admin", "/admin/products/new", "/bramka", "/bramka/noc-1"]) {
      expect(startsAfterLoad(path), path).toBe(false);
    }
  });
});

describe("the bootstrap's start on load", () => {
  type FakeElement = {
    tag: string;
    attributes: { name: string; value: string }[];
    nonce: string;
    text?: string;
    rel?: string;
    type?: string;
    setAttribute(name: string, value: string): void;
    replaceWith(made: FakeElement): void;
  };
  function element(
    tag: string,
    attributes: Record<string, string>,
    nonce: string,
    text?: string,
  ): FakeElement {
    return {
      tag,
      attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
      nonce,
      text,
      setAttribute(name, value) {
        this.attributes.push({ name, value });
      },
      replaceWith(made) {
        replaced.push(made);
      },
    };
  }
  let replaced: FakeElement[] = [];

  it("puts back every held preload, then the held script as a module, with their attributes and nonce, on load only", () => {
    replaced = [];
    const listeners: (() => void)[] = [];
    const held: Record<string, FakeElement[]> = {
      [`link[rel="${PRELOAD_AFTER_LOAD_REL}"]`]: [
        element("link", { rel: PRELOAD_AFTER_LOAD_REL, href: "/assets/a.js" }, "N"),
        element("link", { rel: PRELOAD_AFTER_LOAD_REL, href: "/assets/b.js" }, "N"),
      ],
      [`script[type="${MODULE_AFTER_LOAD_TYPE}"]`]: [
        element("script", { type: MODULE_AFTER_LOAD_TYPE, async: "" }, "N", "import('/assets/a.js');"),
      ],
    };
    const document = {
      querySelectorAll: (selector: string) => held[selector] ?? [],
      createElement: (tag: string) => element(tag, {}, ""),
    };
    const addEventListener = (type: string, listener: () => void, options: { once: boolean }) => {
      expect(type).toBe("load");
      expect(options.once).toBe(true);
      listeners.push(listener);
    };
    new Function("addEventListener", "document", START_MODULES_AFTER_LOAD)(addEventListener, document);
    expect(replaced).toEqual([]);
    for (const listener of listeners) listener();
    expect(
      replaced.map(({ tag, rel, type, nonce, text, attributes }) => ({
        tag,
        rel,
        type,
        nonce,
        text,
        href: attributes.find((attribute) => attribute.name === "href")?.value,
      })),
    ).toEqual([
      {
        tag: "link",
        rel: "modulepreload",
        type: undefined,
        nonce: "N",
        text: undefined,
        href: "/assets/a.js",
      },
      {
        tag: "link",
        rel: "modulepreload",
        type: undefined,
        nonce: "N",
        text: undefined,
        href: "/assets/b.js",
      },
      {
        tag: "script",
        rel: undefined,
        type: "module",
        nonce: "N",
        text: "import('/assets/a.js');",
        href: undefined,
      },
    ]);
  });
});
