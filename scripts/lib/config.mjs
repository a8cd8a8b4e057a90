// The configuration check of the start command and server.mjs: lib/env.ts's own schema (through tsx),
// so a mistake is found before anything is built or started, with the same words the server would use.

let loaded;

/**
 * `{ problems, message }` for `source` (an environment): problems is [] when it is valid, message
 * names every problem in plain words. Returns undefined when the
 * checker cannot load (tsx missing, e.g. a production install without dev dependencies): the
 * running server still checks at its start and exits on a problem.
 */
export async function configProblems(source) {
  let mod;
  try {
    loaded ??= import("tsx/esm/api").then(({ tsImport }) => tsImport("../../lib/env.ts", import.meta.url));
    mod = await loaded;
  } catch {
    return undefined;
  }
  const problems = mod.configProblems(source);
  return problems.length ? { problems, message: mod.formatConfigProblems(problems) } : { problems: [], message: "" };
}
