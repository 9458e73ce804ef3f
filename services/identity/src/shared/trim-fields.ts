// Surrounding whitespace and case are not part of an email: " Ann@Example.com " signs in as
// ann@example.com. (Request fields are trimmed by their declaration's `trim`.)
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
