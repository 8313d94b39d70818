/**
 * Pseudo-random numbers in [0, 1) from a seed, the same every run: a generated case that fails
 * can be run again, and named.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
