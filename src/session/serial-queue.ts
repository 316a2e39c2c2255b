/**
 * A session object's writing calls, one at a time. Input gates hold other
 * calls back only while storage is busy, not while a call awaits another
 * object (the project or user clipboard, the Bridge), so a multi-step
 * operation queues here instead. A failed task does not stop the ones after it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
