// Child processes for the end-to-end run: free ports from the OS, processes started with their
// output in a log file, waits on that output, and a stop by process id for everything started.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port the OS reports free on 127.0.0.1 (listen on 0, read it, close). */
export function freePort() {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolvePort(port));
		});
	});
}

export const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** An error that ends waitFor() at once instead of being retried. */
export function fatal(message) {
	return Object.assign(new Error(message), { fatal: true });
}

/** Polls `probe` until it returns a truthy value or `timeoutMs` passes; returns that value.
 * A probe that throws is retried, unless it throws fatal(). */
export async function waitFor(what, probe, { timeoutMs = 60_000, intervalMs = 250 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let lastError;
	while (Date.now() < deadline) {
		try {
			const value = await probe();
			if (value) return value;
		} catch (error) {
			if (error.fatal) throw error;
			lastError = error;
		}
		await sleep(intervalMs);
	}
	throw new Error(
		`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${lastError.message})` : ''}`,
	);
}

const started = [];

/**
 * Starts `command` with stdout and stderr appended to `logFile`. `uid`/`gid` run it as another
 * user (PostgreSQL refuses to run as root). The returned handle reads the log and stops the
 * process by its id.
 */
export function startProcess(label, command, args, { env, cwd, logFile, uid, gid }) {
	const log = createWriteStream(logFile, { flags: 'a' });
	const child = spawn(command, args, { env, cwd, uid, gid, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout.pipe(log);
	child.stderr.pipe(log);
	let exit = null;
	const exited = new Promise((resolveExit) => {
		child.on('exit', (code, signal) => {
			exit = { code, signal };
			resolveExit(exit);
		});
		child.on('error', (error) => {
			exit = { code: null, signal: null, error };
			resolveExit(exit);
		});
	});
	const handle = {
		label,
		pid: child.pid,
		logFile,
		readLog: () => readFileSync(logFile, 'utf8'),
		/** Waits until the log matches `pattern`; fails early when the process exits. */
		waitForLog: (pattern, timeoutMs = 120_000) =>
			waitFor(
				`${label} to log ${pattern}`,
				() => {
					if (exit)
						throw fatal(
							`${label} exited (${exit.error?.message ?? exit.code ?? exit.signal}); see ${logFile}`,
						);
					return pattern.test(handle.readLog());
				},
				{ timeoutMs, intervalMs: 300 },
			),
		/** SIGTERM to the pid, SIGKILL after `graceMs`. */
		stop: async (graceMs = 15_000) => {
			if (exit) return exit;
			try {
				process.kill(child.pid, 'SIGTERM');
			} catch {
				return exit;
			}
			const timer = setTimeout(() => {
				try {
					process.kill(child.pid, 'SIGKILL');
				} catch {
					// already gone
				}
			}, graceMs);
			await exited;
			clearTimeout(timer);
			log.end();
			return exit;
		},
	};
	started.push(handle);
	return handle;
}

/** Stops every process started here that still runs, newest first (n8n before its databases). */
export async function stopAll() {
	for (const handle of [...started].reverse()) {
		await handle.stop();
	}
	started.length = 0;
}
