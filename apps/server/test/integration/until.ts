/** Resolves once `condition` holds (checked every 20 ms); fails after `limitMs`. */
export async function until(condition: () => boolean | Promise<boolean>, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
