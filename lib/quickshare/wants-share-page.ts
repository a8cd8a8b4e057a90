import { wantsPage } from "@/lib/access/wants-page";

/** The share page's path, /qs/<slug> (a browser's page or an agent's access, decided by wantsSharePage). */
export const SHARE_PAGE_PATH = /^\/qs\/([^/]+)$/;

/** A share page for people, its access route for agents: lib/access/wants-page.ts decides, as for every page that is also a paid resource. */
export const wantsSharePage = wantsPage;
