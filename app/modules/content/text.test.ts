import { describe, expect, it } from "vitest";
import { ageLabel, instagramHandle, photoCount, pluralPl, polishPluralCategory, truncateText } from "./text";

describe("Polish text helpers", () => {
  it("picks the Polish plural form", () => {
    expect(photoCount(1)).toBe("1 zdjęcie");
    expect(photoCount(3)).toBe("3 zdjęcia");
    expect(photoCount(5)).toBe("5 zdjęć");
    expect(photoCount(12)).toBe("12 zdjęć");
    expect(photoCount(22)).toBe("22 zdjęcia");
    expect(photoCount(0)).toBe("0 zdjęć");
    expect(ageLabel(29)).toBe("29 lat");
    expect(ageLabel(33)).toBe("33 lata");
    expect(pluralPl(21, ["rok", "lata", "lat"])).toBe("21 lat");
  });

  it("shows Instagram handles with one @", () => {
    expect(instagramHandle("zuza.rave")).toBe("@zuza.rave");
    expect(instagramHandle("@zuza.rave")).toBe("@zuza.rave");
    expect(instagramHandle("https://www.instagram.com/zuza.rave/")).toBe("@zuza.rave");
    expect(instagramHandle("https://instagram.com/zuza.rave?hl=pl")).toBe("@zuza.rave");
  });

  it("truncates at a word boundary with an ellipsis", () => {
    expect(truncateText("Krótki tekst.", 155)).toBe("Krótki tekst.");
    const long =
      "NOKTURN to noc bez kompromisów. Dwie sceny, osiem godzin, jedno miasto, które nie chce iść spać.";
    const short = truncateText(long, 40);
    expect(short.length).toBeLessThanOrEqual(40);
    expect(short.endsWith("…")).toBe(true);
    expect(short).toBe("NOKTURN to noc bez kompromisów. Dwie…");
  });
});

describe("Polish plural rule by hand", () => {
  it("agrees with Intl.PluralRules('pl-PL') for every whole number 0–10 000 and negatives", () => {
    const rules = new Intl.PluralRules("pl-PL");
    const differences: number[] = [];
    for (let count = -200; count <= 10_000; count++) {
      if (polishPluralCategory(Math.abs(count)) !== rules.select(count)) differences.push(count);
    }
    expect(differences).toEqual([]);
    expect(pluralPl(22, ["rok", "lata", "lat"])).toBe("22 lata");
    expect(pluralPl(112, ["rok", "lata", "lat"])).toBe("112 lat");
  });
});
