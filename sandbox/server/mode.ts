/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import { AsyncLocalStorage } from 'async_hooks';

/**
 * How the sandbox judges requests and shapes answers.
 *
 * - `strict` (the default) refuses every key the contract does not list, loudly: it catches our
 *   own mistakes in what the node sends.
 * - `published` behaves like Convocore's real trpc-openapi server as it publishes itself
 *   (shared/spec/convocore-v3-published-contract.md): unknown keys are dropped without an error,
 *   a missing required field is `400 Input validation failed` with code BAD_REQUEST, and answers
 *   take exactly the published shapes. "Sent and answered 200" then no longer proves "kept".
 *
 * Both modes accept and store what Convocore documents.
 */
export type SandboxMode = 'strict' | 'published';

export const SANDBOX_MODES: readonly SandboxMode[] = ['strict', 'published'];

export function isSandboxMode(value: unknown): value is SandboxMode {
	return typeof value === 'string' && (SANDBOX_MODES as readonly string[]).includes(value);
}

// The mode of the server handling the current request. Several sandboxes can run in one process
// (one per test file), so the mode travels with the request instead of living in a global.
const requestMode = new AsyncLocalStorage<SandboxMode>();

/** Runs a route handler under its server's mode. */
export function withMode<T>(mode: SandboxMode, run: () => T): T {
	return requestMode.run(mode, run);
}

/** The mode of the request being handled; `strict` outside a request. */
export function currentMode(): SandboxMode {
	return requestMode.getStore() ?? 'strict';
}

export function isPublished(): boolean {
	return currentMode() === 'published';
}

/** `CONVOCORE_SANDBOX_MODE` for the CLI, the demo and the end-to-end runs; strict when unset. */
export function modeFromEnv(env: Record<string, string | undefined> = process.env): SandboxMode {
	const raw = env.CONVOCORE_SANDBOX_MODE?.trim();
	if (!raw) return 'strict';
	if (!isSandboxMode(raw))
		throw new Error(
			`CONVOCORE_SANDBOX_MODE must be one of ${SANDBOX_MODES.join(', ')}; got "${raw}".`,
		);
	return raw;
}
