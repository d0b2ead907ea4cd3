/**
 * Spec §4: one submission at a time. A submission while another runs is dropped, not queued
 * behind it: a second queued gift is exactly the double charge the rule is there to prevent.
 */
export function createSubmissionQueue() {
  let running = false;
  return {
    get busy() {
      return running;
    },
    async run<T>(task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
      if (running) return { ran: false };
      running = true;
      try {
        return { ran: true, value: await task() };
      } finally {
        running = false;
      }
    },
  };
}
