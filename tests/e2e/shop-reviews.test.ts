/**
 * Reviews on the product page as a visitor and a signed-in customer (seeded session) use them. The
 * action's refusals (no session, bad input, a NUL byte) and twelve posts leaving one review are tested
 * in-process in tests/integration/product-reviews.test.ts.
 */
import { expect, test } from "@playwright/test";
import { signedIn, waitForHydration } from "../support/fixtures";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.describe("reviews", () => {
  test("signed-out visitors are told to log in", async ({ page }) => {
    // The heading and the sign-in link back to the reviews are the server's: tests/http/shop-pages.test.ts.
    await page.goto("/merch/bandana-nokturn#reviews");
    // The review toggle is the script's.
    await waitForHydration(page);
    const reviews = page.locator("#reviews");
    await reviews.getByTestId("review-toggle").click();
    await expect(page.getByText("Musisz być zalogowany")).toBeVisible();
    await expect(page.getByText("Zaloguj się, aby dodać opinię")).toBeVisible();
    await expect(page.getByTestId("review-form")).toHaveCount(0);
  });
});

test.describe("reviews of a signed-in customer", () => {
  test.use({ storageState: signedIn("customer") });

  test("one review per account: a second submission edits the first (issue 14)", async ({ page }) => {
    const slug = "naklejki-pack-vol-1";
    await page.goto(`/merch/${slug}`);
    // The review toggle is the script's.
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
    await expect(reviews.getByTestId("review").filter({ hasText: first })).toHaveCount(1);
    // The toast comes with the list's answer; read after the list, not waited on.
    await expect(page.getByText("Dziękujemy za opinię!")).toBeVisible();

    const second = `Po praniu plecaka jedna odpadła, więc 3/5. ${Date.now()}`;
    await write(second, 3);
    await expect(reviews.getByTestId("review").filter({ hasText: second })).toHaveCount(1);
    await expect(reviews.getByTestId("review").filter({ hasText: first })).toHaveCount(0);
    await expect(page.getByText("Opinia zaktualizowana")).toBeVisible();
    // Stored, not only shown: after a reload the page lists the edited review once.
    await page.reload();
    await expect(reviews.getByTestId("review").filter({ hasText: second })).toHaveCount(1);
    await expect(reviews.getByTestId("review").filter({ hasText: first })).toHaveCount(0);
  });

  test("a signed-in customer posts a review: validation, counter, form closes, list reloads, verified purchase", async ({
    page,
  }) => {
    await page.goto("/merch/torba-nokturn-tote");
    // The review toggle is the script's.
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
    const posted = reviews.getByTestId("review").filter({ hasText: text });
    await expect(posted).toHaveCount(1);
    await expect(posted).toContainText("Zweryfikowany zakup");
    await expect(posted).toContainText("przed chwilą");
    await expect(posted.getByRole("img", { name: "Ocena 4 na 5" })).toBeVisible();
    await expect(reviews.getByTestId("review").first()).toContainText(text);
    await expect(reviews.getByTestId("reviews-summary")).toBeVisible();
  });
});

// "Napisz opinię" is a link before the scripts run (a tap before hydration, or no scripts at all).
test.describe("reviews without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest's 'Napisz opinię' leads to the sign-in, with the way back to the reviews", async ({
    page,
  }) => {
    await page.goto("/merch/bandana-nokturn");
    await page.locator("#reviews").getByRole("link", { name: "Napisz opinię" }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmerch%2Fbandana-nokturn%23reviews$/);
  });

  test.describe("signed in", () => {
    test.use({ storageState: signedIn("customer") });

    test("'Napisz opinię' opens the form on the page; the review is posted and listed", async ({ page }) => {
      await page.goto("/merch/zapalniczka-nokturn");
      const reviews = page.locator("#reviews");
      await reviews.getByRole("link", { name: "Napisz opinię" }).click();
      await expect(page).toHaveURL(/\/merch\/zapalniczka-nokturn\?opinia#reviews$/);
      // The one form on the page (not the <noscript> copy as well), and the link now closes it.
      const form = page.getByTestId("review-form-plain");
      await expect(form).toHaveCount(1);
      await expect(reviews.getByRole("link", { name: "Anuluj" })).toHaveAttribute(
        "href",
        "/merch/zapalniczka-nokturn#reviews",
      );

      await form.getByLabel("Twoja opinia").fill("Za krótko");
      await form.getByRole("button", { name: "Dodaj opinię" }).click();
      await expect(page.getByText("Opinia musi mieć minimum 10 znaków").first()).toBeVisible();
      await expect(page.getByTestId("review-form-plain").getByLabel("Twoja opinia")).toHaveValue("Za krótko");

      const text = `Zapalniczka odpala za pierwszym razem, nawet w deszczu. ${Date.now()}`;
      await page.getByTestId("review-form-plain").getByLabel("Twoja ocena").selectOption("4");
      await page.getByTestId("review-form-plain").getByLabel("Twoja opinia").fill(text);
      await page.getByTestId("review-form-plain").getByRole("button", { name: "Dodaj opinię" }).click();
      await expect(page).toHaveURL(/\/merch\/zapalniczka-nokturn#reviews$/);
      await expect(page.getByText(/Dziękujemy za opinię!|Opinia zaktualizowana/).first()).toBeVisible();
      await expect(reviews.getByTestId("review").filter({ hasText: text })).toHaveCount(1);
      await expect(reviews.getByRole("link", { name: "Napisz opinię" })).toBeVisible();
    });
  });
});
