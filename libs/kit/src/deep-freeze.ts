// Freezes a value and everything it holds, for values many readers share (verified token claims,
// an event every consumer of a process reads): a reader that tries to change one throws (strict
// mode) instead of changing what the others see.
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Own keys by for-in: no array of them for every object frozen.
    for (const key in value) if (Object.hasOwn(value, key)) deepFreeze(value[key]);
  }
  return value;
}
