// Surrounding whitespace and case are not part of an email: " Ann@Example.com " is
// ann@example.com wherever it is stored or looked up.
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
