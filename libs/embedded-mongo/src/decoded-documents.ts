import { cloneValue, deserializeDocument, type Document } from './bson-values';
import type { StoredDocument } from './document-arena';

// Whole documents decoded lately, by their stored version. A stored version never changes (a
// write stores a new version), so the decoded object stays right for as long as it is the key.
// Callers get a copy, never the kept object: copying costs about a sixth of decoding again and
// shares the strings, so reading the same records again (a record page, the keys of a workspace)
// allocates and collects far less. Documents of at most `capacityBytes` stored bytes together are
// kept (decoded, three to four times that), least recently read dropped first.
export class DecodedDocuments {
  private readonly kept = new Map<StoredDocument, Document>();
  private keptBytes = 0;

  constructor(private readonly capacityBytes: number) {}

  // `stored` is never a tombstone.
  copyOf(stored: StoredDocument): Document {
    let document = this.kept.get(stored);
    if (document) {
      // Most recently read last.
      this.kept.delete(stored);
    } else {
      document = deserializeDocument(stored.bytes as Buffer);
      this.keptBytes += stored.byteLength;
      for (const [oldest] of this.kept) {
        if (this.keptBytes <= this.capacityBytes) break;
        this.kept.delete(oldest);
        this.keptBytes -= oldest.byteLength;
      }
    }
    this.kept.set(stored, document);
    return cloneValue(document);
  }

  clear(): void {
    this.kept.clear();
    this.keptBytes = 0;
  }
}
