import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MODULE_AFTER_LOAD_TYPE, START_MODULES_AFTER_LOAD } from "./module-start";
import { startModulesAfterLoad } from "./module-start.server";

const held = `type="${MODULE_AFTER_LOAD_TYPE}"`;

function documentWith(body: string) {
  return Buffer.from(
    `<!DOCTYPE html><html><head><link rel="preload" as="image" href="/hero.webp"/>` +
      `<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js" nonce="N"/>` +
      `<link rel="stylesheet" href="/assets/app.css"/></head><body>${body}</body></html>`,
  );
}

describe("startModulesAfterLoad", () => {
  it("leaves out the module preloads and holds the one module script, its text and nonce as they were", () => {
    const script = `<script nonce="N" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>`;
    const out = startModulesAfterLoad(documentWith(`<p>Sklep</p>${script}`)).toString();
    expect(out).not.toContain("modulepreload");
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
    expect(out).not.toContain("modulepreload");
    expect(out).toContain(`<script nonce="N" ${held} async="">import('/a.js');</script>`);
  });

  it("a user's text that spells the markup out is escaped, so it is never taken for it", () => {
    const html = renderToString(<p>{'<link rel="modulepreload" href="/x.js"> type="module" async=""'}</p>);
    expect(startModulesAfterLoad(Buffer.from(html)).toString()).toBe(html);
  });
});

describe("the bootstrap's start on load", () => {
  it("runs every held script once, as a module with the held one's text and nonce, on load only", () => {
    const listeners: (() => void)[] = [];
    const inserted: { type: string; nonce: string; text: string }[] = [];
    const heldScript = {
      nonce: "N",
      text: "import('/a.js');",
      replaceWith(script: { type: string; nonce: string; text: string }) {
        inserted.push(script);
      },
    };
    const queries: string[] = [];
    const fakeWindow = {
      addEventListener(type: string, listener: () => void, options: { once: boolean }) {
        expect(type).toBe("load");
        expect(options.once).toBe(true);
        listeners.push(listener);
      },
      document: {
        querySelectorAll(selector: string) {
          queries.push(selector);
          return [heldScript];
        },
        createElement: () => ({ type: "", nonce: "", text: "" }),
      },
    };
    new Function("addEventListener", "document", START_MODULES_AFTER_LOAD)(
      fakeWindow.addEventListener,
      fakeWindow.document,
    );
    expect(inserted).toEqual([]);
    for (const listener of listeners) listener();
    expect(queries).toEqual([`script[type="${MODULE_AFTER_LOAD_TYPE}"]`]);
    expect(inserted).toEqual([{ type: "module", nonce: "N", text: "import('/a.js');" }]);
  });
});
