import { cloneValue, deserializeDocument, type Document } from './bson-values';

// Whole documents decoded lately, by their stored bytes. A stored version never changes (a write
// stores new bytes), so the decoded object stays right for as long as its bytes are the key.
// Callers get a copy, never the kept object: copying costs about a sixth of decoding again and
// shares the strings, so reading the same records again (a record page, the keys of a workspace)
// allocates and collects far less. At most `capacity` documents are kept, least recently read
// dropped first.
export class DecodedDocuments {
  private readonly kept = new Map<Uint8Array, Document>();

  constructor(private readonly capacity: number) {}

  copyOf(bytes: Uint8Array): Document {
    let document = this.kept.get(bytes);
    if (document) {
      // Most recently read last.
      this.kept.delete(bytes);
    } else {
      document = deserializeDocument(bytes);
      if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value as Uint8Array);
    }
    this.kept.set(bytes, document);
    return cloneValue(document);
  }

  clear(): void {
    this.kept.clear();
  }
}
