/**
 * The contact form before hydration: a plain form POST, as a browser without JavaScript sends it, and
 * the page the server answers with (the refusal with its messages and everything typed, or the
 * confirmation). The browser's own validation, the hand-over after hydration and axe stay in
 * tests/e2e/contact.test.ts; what the action decides is in tests/integration/contact-action.test.ts.
 */
import { describe, expect, test } from "vitest";
import { collapse, fetchPage, type HtmlPage } from "../support/html";
import { unique } from "../support/names";

const messages = {
  name: "Imię musi mieć min. 2 znaki",
  message: "Wiadomość musi mieć min. 10 znaków",
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A label's accessible text: without its aria-hidden parts (the required field's "*"). */
function labelText(label: Element) {
  const copy = label.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return collapse(copy.textContent);
}

/** The contact form of a page, its controls found by their labels as a visitor finds them. */
function contactForm(page: HtmlPage) {
  const root = page.one("#contact-form");
  const controls = [...root.querySelectorAll("input[name], select[name], textarea[name]")] as Control[];
  /** The control whose label starts with this text (exactly this text when `exact`). */
  function byLabel(name: string, exact = true) {
    const found = controls.filter((control) => {
      const label = root.querySelector(`label[for="${control.id}"]`);
      if (!label) return false;
      const text = labelText(label);
      return exact ? text === name : text.startsWith(name);
    });
    expect(found, `the control labelled "${name}"`).toHaveLength(1);
    return found[0];
  }
  const value = (control: Control) => {
    if (control.tagName === "TEXTAREA") return control.textContent ?? "";
    if (control.tagName === "SELECT") {
      const options = [...control.querySelectorAll("option")];
      return (
        (options.find((option) => option.hasAttribute("selected")) ?? options[0])?.getAttribute("value") ?? ""
      );
    }
    return control.getAttribute("value") ?? "";
  };
  return {
    root,
    name: byLabel("Imię"),
    email: byLabel("E-mail"),
    subject: byLabel("Temat"),
    orderNumber: byLabel("Numer zamówienia"),
    message: byLabel("Wiadomość"),
    gdpr: byLabel("Akceptuję politykę prywatności", false),
    submit: [...root.querySelectorAll('button[type="submit"]')].filter(
      (button) => collapse(button.textContent) === "Wyślij wiadomość",
    ),
    /** The value the page shows in a control (as the server rendered it). */
    value,
    /**
     * The body a browser submits: every named control in order, as the page has it, with the visitor's
     * entries by control; a checkbox only when checked.
     */
    body(entries: Map<Control, string | boolean>) {
      const body = new URLSearchParams();
      for (const control of controls) {
        const name = control.getAttribute("name") ?? "";
        const entry = entries.get(control);
        if (control.getAttribute("type") === "checkbox") {
          const checked = entry === undefined ? control.hasAttribute("checked") : entry === true;
          if (checked) body.append(name, control.getAttribute("value") ?? "on");
        } else {
          body.append(name, typeof entry === "string" ? entry : value(control));
        }
      }
      return body;
    },
  };
}

/** Fills the form as the e2e tests' `fillValid` does, and sends it as the form says (method, action). */
async function submitValid(overrides: Partial<Record<"name" | "email" | "message", string>> = {}) {
  const page = await fetchPage("/contact");
  expect(page.status).toBe(200);
  const f = contactForm(page);
  expect(f.submit, "the submit button").toHaveLength(1);
  expect(f.root.getAttribute("method")).toBe("post");
  const action = f.root.getAttribute("action") ?? "";
  expect(action).toBe("/contact");
  // "order" must be one of the select's options, as selectOption("order") requires.
  expect([...f.subject.querySelectorAll("option")].map((option) => option.getAttribute("value"))).toContain(
    "order",
  );
  const entries = new Map<Control, string | boolean>([
    [f.name, overrides.name ?? "Ola Nowak"],
    [f.email, overrides.email ?? "ola@example.com"],
    [f.subject, "order"],
    [f.orderNumber, "#A1B2C3D4"],
    [f.message, overrides.message ?? "Czy mogę zmienić rozmiar bluzy z M na L?"],
    [f.gdpr, true],
  ]);
  return fetchPage(action, { form: f.body(entries) });
}

describe("contact form without JavaScript (a plain form POST)", () => {
  test("validates on the server too: 400, Polish messages, and everything typed is kept", async () => {
    const answer = await submitValid({ name: "A", message: "Krótko." });
    expect(answer.status).toBe(400);
    expect(collapse(answer.one('[data-testid="contact-error"]').textContent)).toBe(
      "Nie udało się wysłać wiadomości. Popraw zaznaczone pola.",
    );
    const f = contactForm(answer);
    const shown = collapse(f.root.textContent);
    expect(shown).toContain(messages.name);
    expect(shown).toContain(messages.message);
    expect(f.value(f.name)).toBe("A");
    expect(f.value(f.email)).toBe("ola@example.com");
    expect(f.value(f.subject)).toBe("order");
    expect(f.value(f.orderNumber)).toBe("#A1B2C3D4");
    expect(f.value(f.message)).toBe("Krótko.");
    expect(f.gdpr.hasAttribute("checked")).toBe(true);
    expect(f.name.getAttribute("aria-invalid")).toBe("true");
  });

  // One message per run on the shared server, well within its limit of 5 per client and window.
  test("sends before hydration too (plain form POST) and confirms on the page", async () => {
    const answer = await submitValid({
      name: unique("Jan Bez Skryptów"),
      message: "Wiadomość wysłana bez JavaScriptu.",
    });
    expect(answer.status).toBe(200);
    const success = collapse(answer.one('[data-testid="contact-success"]').textContent);
    expect(success).toContain("Wiadomość wysłana!");
    expect(success).toContain("Odpowiemy najszybciej jak to możliwe.");
    const f = contactForm(answer);
    expect(f.value(f.name)).toBe("");
  });
});
