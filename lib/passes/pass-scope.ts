/** The scope of a hosted blog's pass: every paid, public post of that blog (docs/passes.md). */
export function blogPassScope(siteId: string): string {
  return `blog:${siteId}`;
}
