// `attachment` with the file's name as RFC 6266 writes it: a plain ASCII `filename` for old
// clients (anything outside printable ASCII, quotes, backslashes and path separators replaced)
// and the exact name as UTF-8 in `filename*` (RFC 8187 percent-encoding).
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\/%;]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
