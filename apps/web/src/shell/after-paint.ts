/**
 * Runs `work` once the page has painted what it shows now (the next frame, then a task): a download
 * the screen does not need (the next screen's code) starts after the screen is on the glass, not
 * before — on a slow phone it would otherwise compete with it, and Lighthouse counts what starts
 * before the largest paint as the paint's (issue 35 item 2). Returns the cancel (an effect's cleanup).
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
