/**
 * The theme fonts Parley serves itself (from `@fontsource` packages, Latin and Latin-extended
 * subsets): a bot using one makes no request to a third party. Any other Google font is
 * loaded from Google only because its author picked it (docs/builder.md, "Fonts").
 */
export const includedFonts = [
  { family: "Inter", id: "inter" },
  { family: "Open Sans", id: "open-sans" },
  { family: "Roboto", id: "roboto" },
  { family: "Lato", id: "lato" },
  { family: "Montserrat", id: "montserrat" },
  { family: "Poppins", id: "poppins" },
  { family: "Nunito", id: "nunito" },
  { family: "Raleway", id: "raleway" },
  { family: "Source Sans 3", id: "source-sans-3" },
  { family: "Work Sans", id: "work-sans" },
  { family: "DM Sans", id: "dm-sans" },
  { family: "Merriweather", id: "merriweather" },
  { family: "Playfair Display", id: "playfair-display" },
  { family: "IBM Plex Sans", id: "ibm-plex-sans" },
  { family: "Space Grotesk", id: "space-grotesk" },
] as const;

export type IncludedFont = (typeof includedFonts)[number];

/** The weights served for each included font (those a family lacks are left out). */
export const includedFontWeights = [400, 500, 600, 700] as const;

/** The included font of that family (case-insensitive), if any. */
export function getIncludedFont(family: string | undefined): IncludedFont | undefined {
  const wanted = family?.trim().toLowerCase();
  return wanted ? includedFonts.find((font) => font.family.toLowerCase() === wanted) : undefined;
}
