// AMQP topic semantics, shared by the in-process bus so both transports route alike:
// words are separated by dots, `*` matches exactly one word, `#` matches zero or more.
export function topicMatches(pattern: string, routingKey: string): boolean {
  return matchWords(pattern.split('.'), 0, routingKey.split('.'), 0);
}

function matchWords(pattern: string[], p: number, key: string[], k: number): boolean {
  if (p === pattern.length) return k === key.length;
  const word = pattern[p];
  if (word === '#') {
    // Try every possible length for the `#` run, shortest first.
    for (let skip = k; skip <= key.length; skip++) {
      if (matchWords(pattern, p + 1, key, skip)) return true;
    }
    return false;
  }
  if (k === key.length) return false;
  if (word !== '*' && word !== key[k]) return false;
  return matchWords(pattern, p + 1, key, k + 1);
}

const WORD = /^([a-z0-9_]+|\*|#)$/;

export function isTopicPattern(pattern: string): boolean {
  return pattern.split('.').every((word) => WORD.test(word));
}
