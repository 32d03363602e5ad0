/**
 * At most `slots` tasks at once in this process; the others wait their turn, first come first
 * served. For work whose memory grows with each task running at once (decoding images): the API
 * stays responsive however many arrive together.
 */
export function createSemaphore(slots: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  const stats = { active: 0, waiting: 0, peakActive: 0 };

  const sync = () => {
    stats.active = active;
    stats.waiting = queue.length;
    stats.peakActive = Math.max(stats.peakActive, active);
  };
  const acquire = () =>
    new Promise<void>((resolve) => {
      if (active < slots) {
        active++;
        sync();
        resolve();
      } else {
        queue.push(() => {
          active++;
          sync();
          resolve();
        });
        sync();
      }
    });
  const release = () => {
    active--;
    const next = queue.shift();
    if (next) next();
    else sync();
  };

  return {
    /** Runs the task when a slot is free, and frees it when the task settles. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running and waiting now, and the most ever running at once (read by tests). */
    stats: stats as Readonly<typeof stats>,
  };
}
