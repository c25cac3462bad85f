/** The main navigation's links (desktop bar and mobile menu). */
export const navLinks = [
  { to: "/#agenda", label: "Timetable" },
  { to: "/rezydenci", label: "Rezydenci" },
  { to: "/ambasadorzy", label: "Ambasadorzy" },
  { to: "/merch", label: "Merch" },
] as const;
