/** The longest slug an idea file gets from a title; `-2`, `-3`… still fit a name of 128. */
const MAX_SLUG_LENGTH = 80;

/**
 * A safe file slug from a title (or a slug a caller proposes): lowercase
 * ASCII letters and digits joined by single hyphens, accents dropped, at most
 * 80 characters, `idea` when nothing is left. The result cannot leave the
 * ideas folder or be read as an option.
 */
export function ideaSlug(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH + 1)
    .replace(/^-+/, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
  return slug === "" ? "idea" : slug;
}
