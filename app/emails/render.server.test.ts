import { describe, expect, it } from "vitest";
import { contactNotificationSample } from "~/emails/email-samples";
import { renderContactNotification } from "~/emails/transactional.server";
import { demoSite } from "~/lib/site";

describe("contact notification e-mail", () => {
  it("renders a Polish HTML part in the brand's style and a readable plain-text part", async () => {
    const mail = await renderContactNotification({ site: demoSite, ...contactNotificationSample });
    expect(mail.subject).toBe("Formularz kontaktowy: Zamówienie (Ola Nowak)");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('lang="pl"');
    expect(mail.html).toContain("NOKTURN");
    expect(mail.html).toContain("#c6ff3d");
    expect(mail.html).toContain("Nowa wiadomość z formularza kontaktowego");
    expect(mail.html).toContain("mailto:ola@example.com?subject=Re%3A%20Zam%C3%B3wienie");
    expect(mail.html).toContain(demoSite.seller.company);
    expect(mail.text).toBe(
      [
        "Nowa wiadomość z formularza kontaktowego",
        "",
        "Temat: Zamówienie",
        "Imię: Ola Nowak",
        "E-mail: ola@example.com",
        "Nr zamówienia: #A1B2C3D4",
        "Otrzymano: 10 stycznia 2026, 13:30",
        "",
        "Wiadomość:",
        contactNotificationSample.message,
        "",
        "Odpowiedz na adres: ola@example.com",
        "",
        "--",
        "NOKTURN Events sp. z o.o., ul. Ruska 51, 50-079 Wrocław",
        "http://localhost:3000",
      ].join("\n"),
    );
  });

  it("escapes what the sender typed", async () => {
    const mail = await renderContactNotification({
      site: demoSite,
      ...contactNotificationSample,
      name: '<img src=x onerror="alert(1)">',
      message: "</td></tr></table><script>alert(1)</script>",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
  });
});
