/**
 * The time of a change in a fake: never the same instant twice, so changes made within one millisecond (a test
 * seeds then cancels an order) still come back in the order they were made.
 */
export class ChangeClock {
  private last = 0;

  next(): Date {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }
}
