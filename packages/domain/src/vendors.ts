/**
 * Vendors (spec 2.18, 3 "Vendor", 7 GET /employer-admin/vendors): the cards' shape and what a
 * card shows. Pure.
 */

/** The logo's stand-in: the first letters of the first two words ("Swift Staffing Services" -> "SS"). */
export function vendorInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** A logo URL worth asking the browser for: https (or a same-origin path); anything else shows the initials. */
export function usableLogoUrl(url: string | null | undefined): string | null {
  const v = (url ?? '').trim();
  if (/^\/(?!\/)\S*$/.test(v)) return v;
  return /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(v) ? v : null;
}
