import { beforeEach } from "vitest";

/**
 * A test that fails and then passes on its retry (vitest.config.ts: `retry: 1`) shows only as
 * "(retry x1)": why the first attempt failed is lost, and a flaky test, or a real fault that shows up
 * only sometimes, cannot be told apart from the log. This prints the error of every attempt that will
 * be retried; a final failure is reported by Vitest as usual.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => {
    const attempt = task.result?.retryCount ?? 0;
    if (attempt >= (task.retry ?? 0)) return;
    const errors = (task.result?.errors ?? []).map((e) => e.stack ?? e.message).join("\n");
    console.error(`[attempt ${attempt + 1} failed, retrying] ${task.file?.name ?? ""} › ${task.suite?.name ? `${task.suite.name} > ` : ""}${task.name}\n${errors}`);
  });
});
