// The page floor: a server component rendered per request (no data, no client component), built and
// served by the same Next and Node as the hub. bench/floor.mjs loads it beside the hub's pages.
export const dynamic = "force-dynamic";

export default async function Page() {
  return (
    <main>
      <h1>Page floor</h1>
      <p>A dynamic server component with nothing to read.</p>
    </main>
  );
}
