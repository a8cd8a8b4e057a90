/** A bare Next.js app for bench/floor.mjs: nothing configured beyond what every production app has. */
const config = { poweredByHeader: false };
export default config;
