import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function signInCustomer(page: Page) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: "klient@nokturn.example", password: "nokturn-klient" },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe("reviews", () => {
  test("signed-out visitors are told to log in", async ({ page }) => {
    await page.goto("/merch/bandana-nokturn#reviews");
    await waitForHydration(page);
    const reviews = page.locator("#reviews");
    await expect(reviews.getByRole("heading", { name: "Opinie" })).toBeVisible();
    await reviews.getByTestId("review-toggle").click();
    await expect(page.getByText("Musisz być zalogowany")).toBeVisible();
    await expect(page.getByText("Zaloguj się, aby dodać opinię")).toBeVisible();
    await expect(page.getByTestId("review-form")).toHaveCount(0);
    await expect(reviews.getByRole("link", { name: "Zaloguj się" })).toHaveAttribute(
      "href",
      `/auth?redirect=${encodeURIComponent("/merch/bandana-nokturn#reviews")}`,
    );
  });

  test("the server refuses reviews without a session or with bad input", async ({ page }) => {
    const post = (form: Record<string, string>) =>
      page.request.post("/merch/bandana-nokturn", { form, headers: { origin: process.env.E2E_BASE_URL! } });
    expect(
      (await post({ intent: "review", rating: "5", comment: "Świetna bandana na parkiet!" })).status(),
    ).toBe(401);
    await signInCustomer(page);
    expect((await post({ intent: "review", rating: "5", comment: "za krótko" })).status()).toBe(400);
    expect((await post({ intent: "review", rating: "9", comment: "Ocena spoza skali 1–5." })).status()).toBe(
      400,
    );
    expect((await post({ intent: "review", rating: "5", comment: "x".repeat(1001) })).status()).toBe(400);
    expect((await post({ intent: "nic", rating: "5", comment: "Bez intencji formularza." })).status()).toBe(
      400,
    );
    // Issue 14: a NUL byte is a Polish 400, not a database error (502/503).
    const nul = await post({ intent: "review", rating: "5", comment: "Świetna bandana\u0000 na parkiet!" });
    expect(nul.status()).toBe(400);
    expect(await nul.text()).toContain("Opinia zawiera niedozwolone znaki sterujące");
  });

  test("one review per account: a second submission edits the first, twelve posts leave one (issue 14)", async ({
    page,
  }) => {
    const slug = "naklejki-pack-vol-1";
    await page.goto("/");
    await signInCustomer(page);
    await page.goto(`/merch/${slug}`);
    await waitForHydration(page);
    const reviews = page.locator("#reviews");
    const form = page.getByTestId("review-form");
    const write = async (text: string, stars: number) => {
      await reviews.getByTestId("review-toggle").click();
      await form.getByRole("radio", { name: `${stars} na 5` }).check({ force: true });
      await form.getByLabel("Twoja opinia").fill(text);
      await form.getByTestId("review-submit").click();
      await expect(form).toHaveCount(0);
    };
    const first = `Naklejki trzymają się laptopa od miesiąca. ${Date.now()}`;
    await write(first, 5);
    await expect(page.getByText("Dziękujemy za opinię!")).toBeVisible();
    await expect(reviews.getByTestId("review").filter({ hasText: first })).toHaveCount(1);

    const second = `Po praniu plecaka jedna odpadła, więc 3/5. ${Date.now()}`;
    await write(second, 3);
    await expect(page.getByText("Opinia zaktualizowana")).toBeVisible();
    await expect(reviews.getByTestId("review").filter({ hasText: second })).toHaveCount(1);
    await expect(reviews.getByTestId("review").filter({ hasText: first })).toHaveCount(0);

    const post = (comment: string) =>
      page.request.post(`/merch/${slug}`, {
        form: { intent: "review", rating: "1", comment },
        headers: { origin: process.env.E2E_BASE_URL! },
      });
    for (let copy = 1; copy <= 12; copy += 1) {
      expect((await post(`Ta sama opinia po raz ${copy}.`)).status()).toBe(200);
    }
    await page.reload();
    await expect(reviews.getByTestId("review")).toHaveCount(1);
    await expect(reviews.getByTestId("review")).toContainText("Ta sama opinia po raz 12.");
    await expect(reviews.getByTestId("reviews-summary")).toContainText("1 opinia");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = jsonLd.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Product");
    expect(product?.aggregateRating).toMatchObject({ reviewCount: 1, ratingValue: 1 });
  });

  test("a signed-in customer posts a review: validation, counter, form closes, list reloads, verified purchase", async ({
    page,
  }) => {
    await page.goto("/");
    await signInCustomer(page);
    await page.goto("/merch/torba-nokturn-tote");
    await waitForHydration(page);
    const reviews = page.locator("#reviews");
    const toggle = reviews.getByTestId("review-toggle");
    await toggle.click();
    const form = page.getByTestId("review-form");
    await expect(form).toBeVisible();
    await expect(form.getByRole("radio", { name: "5 na 5" })).toBeChecked();
    await toggle.click();
    await expect(form).toHaveCount(0);
    await toggle.click();

    const comment = form.getByLabel("Twoja opinia");
    await comment.fill("Za krótko");
    await expect(form.getByTestId("review-counter")).toHaveText("9/1000 znaków");
    await form.getByTestId("review-submit").click();
    await expect(form.getByText("Opinia musi mieć minimum 10 znaków")).toBeVisible();

    const text = `Torba przetrwała trzy afterparty i nadal wygląda jak nowa. ${Date.now()}`;
    await form.getByRole("radio", { name: "4 na 5" }).check({ force: true });
    await comment.fill(text);
    await expect(form.getByTestId("review-counter")).toHaveText(`${text.length}/1000 znaków`);
    await form.getByTestId("review-submit").click();
    await expect(page.getByTestId("review-form")).toHaveCount(0);
    await expect(page.getByText("Dziękujemy za opinię!")).toBeVisible();
    const posted = reviews.getByTestId("review").filter({ hasText: text });
    await expect(posted).toHaveCount(1);
    await expect(posted).toContainText("Zweryfikowany zakup");
    await expect(posted).toContainText("przed chwilą");
    await expect(posted.getByRole("img", { name: "Ocena 4 na 5" })).toBeVisible();
    await expect(reviews.getByTestId("review").first()).toContainText(text);
    await expect(reviews.getByTestId("reviews-summary")).toBeVisible();
  });
});
