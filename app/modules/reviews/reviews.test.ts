import { describe, expect, it } from "vitest";
import { REVIEW_CONTROL_CHARS_MESSAGE, reviewLength, reviewSchema } from "./review.schema";
import { formatRating, pluralizeOpinia, reviewAuthorName, reviewSummary } from "./reviews";

describe("review form rules", () => {
  const parse = (value: unknown) => reviewSchema.safeParse(value);
  it("accepts rating 1–5 and 10–1000 characters, defaulting the rating to 5", () => {
    expect(parse({ comment: "Dziesięć z." }).data).toEqual({ rating: 5, comment: "Dziesięć z." });
    expect(parse({ rating: "1", comment: "x".repeat(1000) }).success).toBe(true);
  });
  it("refuses bad ratings and comments, with Polish messages", () => {
    expect(parse({ rating: 0, comment: "Dobra jakość!" }).success).toBe(false);
    expect(parse({ rating: 6, comment: "Dobra jakość!" }).success).toBe(false);
    expect(parse({ rating: 4.5, comment: "Dobra jakość!" }).success).toBe(false);
    const short = parse({ rating: 5, comment: "   krótko   " });
    expect(short.error?.issues[0].message).toBe("Opinia musi mieć minimum 10 znaków");
    expect(parse({ rating: 5, comment: "x".repeat(1001) }).error?.issues[0].message).toBe(
      "Opinia może mieć maksymalnie 1000 znaków",
    );
  });
  it("refuses control characters in the comment but keeps line breaks and tabs (issue 14)", () => {
    for (const bad of ["\u0000", "\u0007", "\u001b", "\u007f", "\u009f"]) {
      expect(parse({ comment: `Dobra jakość${bad} bluzy` }).error?.issues[0].message).toBe(
        REVIEW_CONTROL_CHARS_MESSAGE,
      );
    }
    expect(parse({ comment: "Dobra jakość\r\n\tbluzy" }).success).toBe(true);
  });
  it("counts characters as the database does (code points, one per line break)", () => {
    expect(reviewLength("🎧🎧🎧🎧🎧")).toBe(5);
    expect(parse({ comment: "🎧🎧🎧🎧🎧🎧🎧🎧🎧" }).success).toBe(false);
    expect(reviewLength("abc\r\ndef")).toBe(7);
  });
});

describe("review summaries", () => {
  it("averages to one decimal", () => {
    expect(reviewSummary([])).toEqual({ count: 0, average: 0 });
    expect(reviewSummary([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ count: 3, average: 4.3 });
  });
  it("never shows an e-mail address as the author", () => {
    expect(reviewAuthorName({ name: "Anna Kowalska", email: "anna@example.pl" })).toBe("Anna");
    expect(reviewAuthorName({ name: "anna@example.pl", email: "anna@example.pl" })).toBe("a***");
    expect(reviewAuthorName({ name: "", email: "Bartek@example.pl" })).toBe("b***");
  });
  it("declines 'opinia'", () => {
    expect([1, 2, 5, 22].map(pluralizeOpinia)).toEqual(["opinia", "opinie", "opinii", "opinie"]);
  });
});

describe("rating display", () => {
  it("shows at most one decimal with a comma, as pl-PL does", () => {
    const intl = (value: number) =>
      value.toLocaleString("pl-PL", { minimumFractionDigits: 0, maximumFractionDigits: 1 });
    for (const value of [1, 2.5, 3, 13 / 3, 14 / 3, 4.75, 4.96, 5]) {
      expect(formatRating(value), String(value)).toBe(intl(value));
    }
    expect(formatRating(13 / 3)).toBe("4,3");
  });
});
