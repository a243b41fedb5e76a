/**
 * An http(s) URL as its canonical href, or null. Registry data is untrusted:
 * a javascript: or data: URL must never be stored as a repository or
 * website, nor end up in an href.
 */
export function httpUrlOrNull(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
