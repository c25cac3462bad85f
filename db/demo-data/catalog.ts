/**
 * Demo catalogue: the merch (`productData`), the discount codes (one of each type plus the edge cases
 * checkout must refuse), and the stable ids that let tests, benchmarks and links name a demo product.
 * Pure data; `db/seed.ts` writes it.
 */
import { createHash } from "node:crypto";
import type * as s from "../schema";

/** A stable UUID for a name, so demo rows have the same ids everywhere (tests, benchmarks, links). */
export function stableUuid(name: string): string {
  const hex = createHash("sha256").update(`nokturn-demo:${name}`).digest("hex");
  // Shaped as a version-4/variant-1 UUID so every UUID check accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const demoProductId = (slug: string) => stableUuid(`product:${slug}`);
export const demoVariantId = (slug: string, size: string) => stableUuid(`variant:${slug}:${size}`);

export type ProductSeed = {
  slug: string;
  name: string;
  category: s.Category;
  price: number;
  description: string;
  metaDescription: string;
  specification: { label: string; value: string }[];
  stock: number;
  featured?: boolean;
  isActive?: boolean;
  /** Days since creation; "new" products are under 30. */
  ageDays: number;
  variants?: { size: string; stock: number; additionalPrice?: number; color?: string }[];
};

const apparelSizes = (stocks: number[], extraForXxl = 0) =>
  ["XS", "S", "M", "L", "XL", "XXL"].map((size, i) => ({
    size,
    stock: stocks[i],
    additionalPrice: size === "XXL" ? extraForXxl : 0,
  }));

const cotton = [
  { label: "Materiał", value: "100% bawełna organiczna, 220 g/m²" },
  { label: "Krój", value: "Oversize, obniżona linia ramion" },
  { label: "Nadruk", value: "Sitodruk, farby wodne" },
  { label: "Pranie", value: "30°C na lewej stronie, nie suszyć w suszarce" },
  { label: "Produkcja", value: "Szyte i drukowane w Polsce" },
];

export const productData: ProductSeed[] = [
  {
    slug: "koszulka-nokturn-logo",
    name: "Koszulka NOKTURN Logo",
    category: "clothing",
    price: 12900,
    description:
      "Klasyk, który zaczął wszystko. Czarna koszulka oversize z limonkowym logo NOKTURN na piersi i datą pierwszej edycji na plecach. Gruba, miękka bawełna, która wytrzyma niejedną noc na parkiecie.",
    metaDescription: "Czarna koszulka oversize z logo NOKTURN. Bawełna organiczna, sitodruk, szyta w Polsce.",
    specification: cotton,
    stock: 0,
    ageDays: 200,
    variants: apparelSizes([6, 14, 22, 18, 9, 0], 1000),
  },
  {
    slug: "bluza-nokturn-afterhours",
    name: "Bluza NOKTURN Afterhours",
    category: "clothing",
    price: 27900,
    description:
      "Ciężka bluza z kapturem na chłodne poranki po imprezie. Haft AFTERHOURS na piersi, duży nadruk na plecach odblaskowy w świetle stroboskopów. Kieszeń kangurka i podwójny kaptur.",
    metaDescription: "Bluza z kapturem NOKTURN Afterhours z odblaskowym nadrukiem. 380 g/m², haft, oversize.",
    specification: [
      { label: "Materiał", value: "80% bawełna, 20% poliester, 380 g/m²" },
      { label: "Krój", value: "Oversize, podwójny kaptur" },
      { label: "Nadruk", value: "Haft + nadruk odblaskowy" },
      { label: "Pranie", value: "30°C na lewej stronie" },
    ],
    stock: 0,
    featured: true,
    ageDays: 120,
    variants: apparelSizes([3, 11, 15, 12, 7, 4], 1500),
  },
  {
    slug: "longsleeve-strobe",
    name: "Longsleeve Strobe",
    category: "clothing",
    price: 15900,
    description:
      "Nowość z kolekcji zimowej. Longsleeve z nadrukiem STROBE biegnącym wzdłuż rękawów i grafiką inspirowaną światłami głównej sceny. Idealny na listopadowe noce w klubie.",
    metaDescription: "Longsleeve Strobe z kolekcji zimowej NOKTURN. Nadruk na rękawach, bawełna 200 g/m².",
    specification: cotton,
    stock: 0,
    ageDays: 6,
    variants: apparelSizes([4, 8, 10, 10, 6, 3]),
  },
  {
    slug: "koszulka-bouncy-stage",
    name: "Koszulka Bouncy Stage",
    category: "clothing",
    price: 11900,
    description:
      "Dla tych, którzy nie schodzą z bouncy stage. Magentowa grafika z rytmem 140 BPM i hasłem KEEP BOUNCING. Lżejsza bawełna, żeby przetrwać najgorętsze sety.",
    metaDescription: "Koszulka Bouncy Stage z magentową grafiką KEEP BOUNCING. Lekka bawełna organiczna.",
    specification: cotton,
    stock: 0,
    ageDays: 90,
    variants: apparelSizes([2, 5, 9, 7, 5, 2]),
  },
  {
    slug: "czapka-nokturn-beanie",
    name: "Czapka NOKTURN Beanie",
    category: "accessory",
    price: 8900,
    description:
      "Prążkowana czapka z wywijanym brzegiem i tkaną metką NOKTURN. Ciepła, ale oddychająca, na kolejkę do klubu w styczniową noc.",
    metaDescription: "Czarna czapka beanie z metką NOKTURN. Akryl z wełną merino, jeden rozmiar.",
    specification: [
      { label: "Materiał", value: "70% akryl, 30% wełna merino" },
      { label: "Rozmiar", value: "Uniwersalny" },
    ],
    stock: 3,
    ageDays: 60,
  },
  {
    slug: "torba-nokturn-tote",
    name: "Torba NOKTURN Tote",
    category: "accessory",
    price: 6900,
    description:
      "Mocna torba z grubego płótna na winyle, zakupy i wszystko, co trzeba zabrać na after. Wewnętrzna kieszeń na telefon i klucze.",
    metaDescription: 'Torba tote NOKTURN z grubego płótna z wewnętrzną kieszenią. Mieści winyle 12".',
    specification: [
      { label: "Materiał", value: "Płótno bawełniane 340 g/m²" },
      { label: "Wymiary", value: "38 × 42 cm, ucha 70 cm" },
    ],
    stock: 40,
    ageDays: 150,
  },
  {
    slug: "smycz-nokturn",
    name: "Smycz NOKTURN",
    category: "accessory",
    price: 2900,
    description:
      "Limonkowa smycz z żakardowym logo i metalowym karabińczykiem. Klucze do szatni zawsze pod ręką.",
    metaDescription: "Limonkowa smycz NOKTURN z żakardowym logo i metalowym karabińczykiem.",
    specification: [
      { label: "Materiał", value: "Poliester żakardowy" },
      { label: "Długość", value: "90 cm" },
    ],
    stock: 0,
    ageDays: 170,
  },
  {
    slug: "bandana-nokturn",
    name: "Bandana NOKTURN",
    category: "accessory",
    price: 4900,
    description:
      "Bandana z wzorem paisley przerobionym na fale dźwiękowe. Na szyję, na głowę albo na nadgarstek: na parkiecie sprawdza się każdy sposób.",
    metaDescription: "Bandana NOKTURN z wzorem fal dźwiękowych. 100% bawełna, 55 × 55 cm.",
    specification: [
      { label: "Materiał", value: "100% bawełna" },
      { label: "Wymiary", value: "55 × 55 cm" },
    ],
    stock: 8,
    ageDays: 100,
  },
  {
    slug: "naklejki-pack-vol-1",
    name: "Naklejki Pack Vol. 1",
    category: "stickers",
    price: 1900,
    description:
      "Zestaw 8 winylowych naklejek z grafikami z pierwszych edycji NOKTURN. Wodoodporne, na laptopa, butelkę albo case na słuchawki.",
    metaDescription: "Zestaw 8 wodoodpornych naklejek NOKTURN z grafikami z pierwszych edycji.",
    specification: [
      { label: "W zestawie", value: "8 naklejek" },
      { label: "Materiał", value: "Winyl, laminat matowy" },
    ],
    stock: 120,
    ageDays: 220,
  },
  {
    slug: "naklejka-holo-logo",
    name: "Naklejka Holo Logo",
    category: "stickers",
    price: 900,
    description: "Holograficzna naklejka z logo NOKTURN, która mieni się jak światła głównej sceny.",
    metaDescription: "Holograficzna naklejka z logo NOKTURN, 8 cm.",
    specification: [
      { label: "Średnica", value: "8 cm" },
      { label: "Materiał", value: "Folia holograficzna" },
    ],
    stock: 60,
    ageDays: 80,
  },
  {
    slug: "naklejki-pack-vol-2",
    name: "Naklejki Pack Vol. 2",
    category: "stickers",
    price: 1900,
    description: "Druga seria naklejek z grafikami rezydentów. Wraca wkrótce, trwa dodruk.",
    metaDescription: "Zestaw naklejek NOKTURN Vol. 2 z grafikami rezydentów.",
    specification: [{ label: "W zestawie", value: "6 naklejek" }],
    stock: 0,
    isActive: false,
    ageDays: 40,
  },
  {
    slug: "zapalniczka-nokturn",
    name: "Zapalniczka NOKTURN",
    category: "accessory",
    price: 1500,
    description:
      "Zapalniczka z nadrukiem NOKTURN w czarno-limonkowych barwach. Sprzedawana wyłącznie osobom pełnoletnim.",
    metaDescription: "Zapalniczka NOKTURN w barwach marki.",
    specification: [{ label: "Typ", value: "Krzesiwowa, wielokrotnego napełniania" }],
    stock: 25,
    ageDays: 130,
  },
];

/** Discount codes: one of each type plus the edge cases checkout must refuse. */
export const discountCodeData: (typeof s.discountCodes.$inferInsert)[] = [
  { code: "NOKTURN10", type: "percentage", value: 10, description: "10% na wszystko" },
  { code: "RAVE20", type: "fixed_amount", value: 2000, description: "20 zł rabatu" },
  { code: "DOSTAWA0", type: "free_shipping", value: 0, description: "Darmowa dostawa" },
  {
    code: "COMBO15",
    type: "combo",
    value: 1500,
    includesFreeShipping: true,
    description: "15 zł rabatu i darmowa dostawa",
  },
  {
    code: "MIN150",
    type: "fixed_amount",
    value: 3000,
    minOrderValue: 15000,
    description: "30 zł przy zamówieniu od 150 zł",
  },
  {
    code: "PIERWSZE15",
    type: "percentage",
    value: 15,
    firstOrderOnly: true,
    description: "Na pierwsze zamówienie",
  },
  {
    code: "SYLWESTER24",
    type: "percentage",
    value: 25,
    validUntil: new Date("2025-01-01T00:00:00+01:00"),
    description: "Wygasły kod sylwestrowy",
  },
  {
    code: "WYKORZYSTANY",
    type: "fixed_amount",
    value: 1000,
    maxUses: 1,
    currentUses: 1,
    description: "Limit wyczerpany",
  },
];
