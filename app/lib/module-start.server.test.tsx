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

describe("the bootstrap's start after load", () => {
  type Held = { rel?: string; type?: string; nonce: string; text?: string; replacedBy?: Held };

  it("after load and the next frame: the held preloads a few per task, then the held script as a module with its text and nonce", () => {
    const preloads: Held[] = Array.from({ length: 6 }, () => ({ rel: PRELOAD_AFTER_LOAD_REL, nonce: "N" }));
    const script: Held & { replaceWith(made: Held): void } = {
      type: MODULE_AFTER_LOAD_TYPE,
      nonce: "N",
      text: "import('/assets/a.js');",
      replaceWith(made) {
        this.replacedBy = made;
      },
    };
    const queue: (() => void)[] = [];
    const steps: string[] = [];
    const browser = {
      listeners: [] as (() => void)[],
      addEventListener(type: string, listener: () => void, options: { once: boolean }) {
        expect([type, options.once]).toEqual(["load", true]);
        browser.listeners.push(listener);
      },
      requestAnimationFrame(callback: () => void) {
        queue.push(() => {
          steps.push("frame");
          callback();
        });
      },
      setTimeout(callback: () => void) {
        queue.push(() => {
          steps.push(`task: ${preloads.filter((link) => link.rel === "modulepreload").length} preloads`);
          callback();
        });
      },
      document: {
        querySelectorAll(selector: string) {
          if (selector === `link[rel="${PRELOAD_AFTER_LOAD_REL}"]`) {
            return preloads.filter((link) => link.rel === PRELOAD_AFTER_LOAD_REL);
          }
          expect(selector).toBe(`script[type="${MODULE_AFTER_LOAD_TYPE}"]`);
          return script.replacedBy ? [] : [script];
        },
        createElement(tag: string): Held {
          expect(tag).toBe("script");
          return { nonce: "" };
        },
      },
    };
    new Function(
      "addEventListener",
      "requestAnimationFrame",
      "setTimeout",
      "document",
      START_MODULES_AFTER_LOAD,
    )(browser.addEventListener, browser.requestAnimationFrame, browser.setTimeout, browser.document);
    expect(queue).toHaveLength(0);
    for (const listener of browser.listeners) listener();
    while (queue.length > 0) queue.shift()?.();
    expect(steps).toEqual(["frame", "task: 0 preloads", "task: 2 preloads", "task: 4 preloads"]);
    expect(preloads.every((link) => link.rel === "modulepreload")).toBe(true);
    expect(script.replacedBy).toEqual({ type: "module", nonce: "N", text: "import('/assets/a.js');" });
  });
});
