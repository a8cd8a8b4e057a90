import "server-only";

/**
 * Hook: called (without awaiting) after an event creates a content item that has no publisher
 * tags. The decision helpers (lib/judge, POST /hub/judge/tags) are to score candidate tags here and
 * store those above the 0.6 threshold with applyTentativeTags() — which never overwrites publisher
 * tags. Until they are wired in, no tags are suggested.
 */
export async function suggestTentativeTags(input: { contentId: string; title: string; description: string; url: string; contentType: string }): Promise<void> {
  void input;
}
