// JSON.parse keeps the last of two equal keys in an object, silently: `{"confirm":1,"confirm":"ERASE"}`
// reads as an erasure to one parser and as a mistake to another (a proxy, a log, a reviewer).
// A body that names a field twice is refused instead (RFC 8259 section 4: names SHOULD be unique).

interface Frame {
  // The keys seen so far, for an object; null for an array.
  keys: Set<string> | null;
  // The frame's place in its parent: a key, an index, or '' for the root value.
  name: string;
  // The index of the current item, for an array.
  index: number;
}

function pathOf(stack: readonly Frame[], key: string): string {
  return [...stack.slice(1).map((frame) => frame.name), key].join('.');
}

// The dotted path (as validation messages write fields: `custom.size`, `rows.2.name`) of the
// first key an object of the JSON text gives twice, or null when none does. Keys are compared as
// JSON.parse reads them, escapes decoded. Meant for text that JSON.parse accepts: on malformed
// text it answers something or null, and the parse refuses it anyway.
export function duplicateKeyPath(text: string): string | null {
  const stack: Frame[] = [];
  // The next string in the current object is a key (after `{` or `,`).
  let expectKey = false;
  // The key the next value in the current object belongs to.
  let pendingName = '';
  const nameOfNext = (): string => {
    const parent = stack[stack.length - 1];
    if (!parent) return '';
    return parent.keys ? pendingName : String(parent.index);
  };
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      let end = text.indexOf('"', i + 1);
      // A quote preceded by an odd number of backslashes is escaped.
      while (end !== -1) {
        let backslashes = 0;
        for (let j = end - 1; text.charCodeAt(j) === 0x5c; j -= 1) backslashes += 1;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return null;
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        let key = raw;
        if (raw.includes('\\')) {
          try {
            key = JSON.parse(text.slice(i, end + 1)) as string;
          } catch {
            return null;
          }
        }
        const keys = stack[stack.length - 1].keys!;
        if (keys.has(key)) return pathOf(stack, key);
        keys.add(key);
        pendingName = key;
        expectKey = false;
      }
      i = end;
    } else if (code === 0x7b || code === 0x5b) {
      stack.push({ keys: code === 0x7b ? new Set() : null, name: nameOfNext(), index: 0 });
      expectKey = code === 0x7b;
    } else if (code === 0x7d || code === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (code === 0x2c) {
      const frame = stack[stack.length - 1];
      if (frame?.keys) expectKey = true;
      else if (frame) frame.index += 1;
    }
  }
  return null;
}
