// The start command's banner: the last thing it prints, naming everything a newcomer opens next.

/** A "label   value" line of the banner. */
export const bannerLine = (label, value) => `  ${label.padEnd(14)} ${value}`;

/** Prints the banner: a title, then the given lines (plain strings, "" for a gap). */
export function printBanner(title, lines) {
  console.log(["", `✔ ${title}`, "", ...lines, ""].join("\n"));
}
