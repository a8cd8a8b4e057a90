/** "Tide Notes pass (30 days)". */
export function passTitle(blogName: string, durationDays: number): string {
  return `${blogName} pass (${durationDays} day${durationDays === 1 ? "" : "s"})`;
}
