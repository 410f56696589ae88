/**
 * Failed-login throttle for the SFTP server: after `max` failures within `windowMs` against one
 * username, or 4 x `max` from one IP (offices share an address behind NAT), every further attempt
 * is refused until the window has passed. In-process counters, like the HTTP rate limits.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** True when this IP or username has used up its failures for now. */
  blocked(ip: string, username: string): boolean {
    return this.count(`ip:${ip}`) >= this.max * 4 || this.count(`user:${username}`) >= this.max;
  }

  fail(ip: string, username: string): void {
    for (const key of [`ip:${ip}`, `user:${username}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    // Keep the map small under a spray of random usernames.
    if (this.failures.size > 10_000) for (const [k, v] of this.failures) if (!this.recent(k).length || !v.length) this.failures.delete(k);
  }

  private count(key: string): number {
    return this.recent(key).length;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > cutoff);
  }
}
