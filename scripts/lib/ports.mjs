// Is a TCP port free, and if not, who holds it: so a second start says "port 3000 is held by pid 4242
// (node server.mjs …)" instead of failing later with EADDRINUSE and a stack trace.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import net from "node:net";

/** Whether something already listens on host:port (we could not bind it ourselves). */
export function portInUse(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", (err) => resolve(err.code === "EADDRINUSE" || err.code === "EACCES"));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/**
 * The process listening on TCP `port` ({ pid, command }), when this user may see it: from /proc on
 * Linux, else from lsof. Undefined when it cannot be told (another user's process, no lsof).
 */
export function portHolder(port) {
  return (process.platform === "linux" && existsSync("/proc/net/tcp") ? procHolder(port) : undefined) ?? lsofHolder(port);
}

/** The command line of a PID, when it can be read. */
export function commandOf(pid) {
  try {
    if (process.platform === "linux") return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ") || undefined;
    return execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** "pid 4242 (node server.mjs -p 3000)" or "a process this user cannot see". */
export function describeHolder(port) {
  const holder = portHolder(port);
  if (!holder) return "a process this user cannot identify (another user's, or a container's)";
  return `pid ${holder.pid}${holder.command ? ` (${shorten(holder.command)})` : ""}`;
}

function shorten(command, max = 160) {
  return command.length > max ? `${command.slice(0, max - 1)}…` : command;
}

function procHolder(port) {
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== "0A") continue; // 0A: LISTEN
      const localPort = parseInt(cols[1].split(":").at(-1), 16);
      if (localPort === port) inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      let link;
      try {
        link = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1])) return { pid: Number(entry), command: commandOf(Number(entry)) };
    }
  }
  return undefined;
}

function lsofHolder(port) {
  try {
    const out = execFileSync("lsof", ["-nP", `-iTCP:${port}`, "-sTCP:LISTEN", "-t"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const pid = Number(out.trim().split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? { pid, command: commandOf(pid) } : undefined;
  } catch {
    return undefined;
  }
}
