import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AmbassadorList } from "./ambassador-list";

describe("AmbassadorList", () => {
  it("shows WKRÓTCE and the placeholder text when there are no ambassadors", () => {
    const html = renderToStaticMarkup(<AmbassadorList ambassadors={[]} />);
    expect(html).toContain("WKRÓTCE");
    expect(html).toContain("Ta sekcja zostanie wkrótce wypełniona");
  });

  it("links each card out to Instagram with @name, the bio when present and an Instagram label", () => {
    const html = renderToStaticMarkup(
      <AmbassadorList
        ambassadors={[
          {
            id: "1",
            name: "zuza.rave",
            slug: "zuza-rave",
            instagramUrl: "https://www.instagram.com/zuza.rave",
            profileImage: null,
            bio: "Wrocław / Berlin.",
          },
          {
            id: "2",
            name: "natalia.bpm",
            slug: "natalia-bpm",
            instagramUrl: "https://www.instagram.com/natalia.bpm",
            profileImage: null,
            bio: null,
          },
        ]}
      />,
    );
    expect(html).toContain('href="https://www.instagram.com/zuza.rave"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain("@zuza.rave");
    expect(html).toContain("Wrocław / Berlin.");
    expect(html).toContain("@natalia.bpm");
    expect(html.match(/Instagram/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
