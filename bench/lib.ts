/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Measuring and reporting for the benchmarks: medians of interleaved rounds, heap sampling, and
 * checks against stated targets that decide the exit code of `npm run bench`.
 */
import { cpus, loadavg } from 'os';
import { performance } from 'perf_hooks';

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function percentile(values: number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const now = (): number => performance.now();

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const start = now();
	const value = await fn();
	return { ms: now() - start, value };
}

/** CPU time (user + system) this process has used, in ms. */
export function cpuMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** Lets the event loop turn: timers, I/O and the nextTick queue (e.g. stream writes) run. */
export function yieldToLoop(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}

/** A few full collections, so that what is left is what is really retained. */
export function fullGc(): void {
	const gc = global.gc;
	if (typeof gc !== 'function') throw new Error('global.gc is missing: run with node --expose-gc');
	for (let i = 0; i < 2; i++) gc();
}

/**
 * heapUsed once only live data is left: the event loop turns first, so that work queued on it
 * (stream writes of n8n's logger wait on the nextTick queue) is done and not counted.
 */
export async function settledHeap(): Promise<number> {
	for (let i = 0; i < 2; i++) {
		await yieldToLoop();
		fullGc();
	}
	return heapUsed();
}

/** The heap around one run: before it (its input not yet made), with its output held, and after. */
export interface HeapAroundRun {
	before: number;
	withOutput: number;
	after: number;
	/** Output items. */
	count: number;
}

/**
 * Measures what a run leaves on the heap while its output is held. `run` makes its own input, so
 * `before` is taken before the input exists: taken with the input already made (and dropped
 * before the run was measured), a run that kept nothing came out below its own output (0.56× for
 * 100,000 leads, and a negative -9× for 2,000 SMS, where the heap also still held the previous
 * benchmark's garbage-in-waiting), so the target could not fail. `settle` runs once the run is
 * over and before its heap is measured (counting what the sandbox stored, then clearing it: its
 * records are not the node's).
 */
export async function heapAroundRun(
	run: () => Promise<unknown[]>,
	settle: () => void,
): Promise<HeapAroundRun> {
	const before = await settledHeap();
	let output: unknown[] | undefined = await run();
	const count = output.length;
	settle();
	const withOutput = await settledHeap();
	output = undefined;
	const after = await settledHeap();
	return { before, withOutput, after, count };
}

export function heapUsed(): number {
	return process.memoryUsage().heapUsed;
}

/** Runs each variant once per round, rotating which one goes first, so drift hits all alike. */
export async function interleave<K extends string>(
	variants: readonly K[],
	rounds: number,
	runOnce: (variant: K, round: number) => Promise<void>,
): Promise<void> {
	for (let round = 0; round < rounds; round++) {
		for (let i = 0; i < variants.length; i++) {
			await runOnce(variants[(i + round) % variants.length], round);
		}
	}
}

export const fmtMs = (ms: number): string =>
	ms >= 1000
		? `${(ms / 1000).toFixed(2)} s`
		: ms >= 10
			? `${ms.toFixed(0)} ms`
			: ms >= 1
				? `${ms.toFixed(2)} ms`
				: `${(ms * 1000).toFixed(1)} µs`;

export const fmtUs = (us: number): string =>
	us >= 1000 ? fmtMs(us / 1000) : `${us < 1 ? us.toFixed(3) : us.toFixed(2)} µs`;

export function fmtBytes(bytes: number): string {
	const sign = bytes < 0 ? '-' : '';
	const abs = Math.abs(bytes);
	if (abs >= 1024 * 1024) return `${sign}${(abs / 1024 / 1024).toFixed(1)} MB`;
	if (abs >= 1024) return `${sign}${(abs / 1024).toFixed(1)} KB`;
	return `${sign}${abs.toFixed(0)} B`;
}

export const fmtRatio = (ratio: number): string =>
	`${ratio >= 100 ? ratio.toFixed(0) : ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;

export type Comparison = '>=' | '<=' | '==';

/** Whether a figure is a time (CPU or wall), which other load on the machine distorts, or not. */
export type FigureKind = 'timing' | 'other';

export interface Target {
	op: Comparison;
	limit: number;
}

export interface CheckResult {
	bench: string;
	measure: string;
	shown: string;
	target: string;
	/** undefined: for information only, no target. */
	pass?: boolean;
	/** false for a figure that is not a time (memory, counts): the load does not make it noisy. */
	timing?: false;
	/**
	 * A timing figure measured while the 1-minute load average exceeded the number of cores (at the
	 * start or the end of its benchmark): other work shared the CPUs, so it never counts as met.
	 */
	noisy?: boolean;
}

/** The machine's load around one benchmark: 1-minute load average before and after, and the cores. */
export interface LoadRecord {
	bench: string;
	cores: number;
	before: number;
	after: number;
	noisy: boolean;
}

export function loadNow(): number {
	return loadavg()[0];
}

/** Relative spread of a set of runs: (max - min) / median, shown beside a median. */
export function spread(values: number[]): number {
	return values.length ? (Math.max(...values) - Math.min(...values)) / median(values) : NaN;
}

/** "median 1.23 s (5 runs, min 1.1 s, max 1.4 s, spread 24%)". */
export function describeRuns(values: number[], format: (value: number) => string = fmtMs): string {
	return `median ${format(median(values))} (${values.length} runs, min ${format(Math.min(...values))}, max ${format(Math.max(...values))}, spread ${(spread(values) * 100).toFixed(0)}%)`;
}

function meets(value: number, { op, limit }: Target): boolean {
	if (!Number.isFinite(value)) return false;
	if (op === '>=') return value >= limit;
	if (op === '<=') return value <= limit;
	return value === limit;
}

const OP_TEXT: Record<Comparison, string> = { '>=': '≥', '<=': '≤', '==': '=' };

/** Collects every measured figure and check; decides the exit code. */
export class Report {
	readonly results: CheckResult[] = [];
	/** Every detail line, by benchmark: the raw figures behind the headline ones. */
	readonly notes: Array<{ bench: string; text: string }> = [];
	/** The load before and after each benchmark. */
	readonly loads: LoadRecord[] = [];
	private current = '';
	private loadBefore = 0;
	/** Index of the first result of the current benchmark. */
	private firstResult = 0;

	constructor(
		private readonly cores: number = cpus().length,
		/** The 1-minute load average now (replaceable, for the bench's own tests). */
		private readonly load: () => number = loadNow,
	) {}

	section(bench: string, title: string): void {
		this.endSection();
		this.current = bench;
		this.firstResult = this.results.length;
		this.loadBefore = this.load();
		console.log(`\n▸ ${title}`);
		console.log(`    load average ${this.loadBefore.toFixed(2)} on ${this.cores} cores before`);
	}

	/**
	 * Records the load after the current benchmark. When it or the load before exceeded the cores,
	 * every timing figure of the benchmark is marked noisy: a target among them is not met.
	 */
	endSection(): void {
		if (!this.current || this.loads.some((record) => record.bench === this.current)) return;
		const after = this.load();
		const noisy = Math.max(this.loadBefore, after) > this.cores;
		this.loads.push({
			bench: this.current,
			cores: this.cores,
			before: this.loadBefore,
			after,
			noisy,
		});
		console.log(
			`    load average ${after.toFixed(2)} on ${this.cores} cores after${noisy ? ': NOISY, its timing figures do not count as met' : ''}`,
		);
		if (!noisy) return;
		for (const result of this.results.slice(this.firstResult)) {
			if (result.timing === false || result.target === 'must hold') continue;
			result.noisy = true;
			if (result.pass === true) result.pass = false;
		}
	}

	/** A line of detail, not part of the summary. */
	note(text: string): void {
		console.log(`    ${text}`);
		this.notes.push({ bench: this.current, text });
	}

	/**
	 * One headline figure against its target, printed as
	 * `<line> → <shown> (target ≥ 3×) ok|MISSED`.
	 */
	target(
		line: string,
		value: number,
		target: Target,
		format: (value: number) => string,
		measure = line,
		kind: FigureKind = 'timing',
	): boolean {
		const pass = meets(value, target);
		const shown = format(value);
		const targetText = `${OP_TEXT[target.op]} ${format(target.limit)}`;
		console.log(`  ${line} → ${shown} (target ${targetText}) ${pass ? 'ok' : 'MISSED'}`);
		this.results.push({
			bench: this.current,
			measure,
			shown,
			target: targetText,
			pass,
			...(kind === 'timing' ? {} : { timing: false }),
		});
		return pass;
	}

	/** A headline figure printed for information, with no target. */
	info(line: string, shown: string, measure = line, kind: FigureKind = 'timing'): void {
		console.log(`  ${line} → ${shown} (information)`);
		this.results.push({
			bench: this.current,
			measure,
			shown,
			target: '—',
			...(kind === 'timing' ? {} : { timing: false }),
		});
	}

	/** A correctness condition the measurement relies on (all sent, exactly once, ...). */
	expect(what: string, ok: boolean, detail: string): boolean {
		if (!ok) console.log(`  ✗ ${what}: ${detail}`);
		else console.log(`  ✓ ${what}: ${detail}`);
		this.results.push({
			bench: this.current,
			measure: what,
			shown: detail,
			target: 'must hold',
			pass: ok,
		});
		return ok;
	}

	/** A benchmark that could not run to its end. */
	crashed(error: unknown): void {
		const text = error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error);
		console.log(`  ✗ crashed: ${text}`);
		this.results.push({
			bench: this.current,
			measure: 'ran to completion',
			shown: (error as Error)?.message ?? String(error),
			target: 'must hold',
			pass: false,
		});
	}

	get failed(): CheckResult[] {
		return this.results.filter((result) => result.pass === false);
	}

	printSummary(elapsedMs: number): void {
		this.endSection();
		const rows = this.results.map((result) => [
			result.bench,
			result.measure,
			result.shown,
			result.target,
			result.noisy
				? result.pass === undefined
					? 'info, noisy'
					: 'NOISY'
				: result.pass === undefined
					? 'info'
					: result.pass
						? 'ok'
						: 'MISSED',
		]);
		const header = ['Benchmark', 'Measure', 'Value', 'Target', 'Result'];
		const limits = [10, 62, 30, 16, 11];
		const cut = (text: string, width: number) =>
			text.length > width ? `${text.slice(0, width - 1)}…` : text;
		const widths = header.map((title, column) =>
			Math.min(limits[column], Math.max(title.length, ...rows.map((row) => row[column].length))),
		);
		const line = (cells: string[]) =>
			`  ${cells.map((cell, column) => cut(cell, widths[column]).padEnd(widths[column])).join(' │ ')}`;
		console.log('\nSummary');
		console.log(line(header));
		console.log(`  ${widths.map((width) => '─'.repeat(width)).join('─┼─')}`);
		for (const row of rows) console.log(line(row));
		const failed = this.failed.length;
		const noisy = this.results.filter((result) => result.noisy && result.pass !== undefined).length;
		const targets = this.results.filter((result) => result.pass !== undefined).length;
		console.log('\nLoad average (1 min) before → after each benchmark:');
		for (const record of this.loads)
			console.log(
				`  ${record.bench.padEnd(10)} ${record.before.toFixed(2)} → ${record.after.toFixed(2)} on ${record.cores} cores${record.noisy ? '  NOISY' : ''}`,
			);
		const noisyText = noisy
			? ` (${noisy} of them NOISY: measured with the load average above ${this.cores}, the number of cores; run again on an idle machine)`
			: '';
		console.log(
			`\n${failed ? `✗ ${failed} of ${targets} targets/checks not met${noisyText}` : `✓ all ${targets} targets/checks met`} in ${fmtMs(elapsedMs)} (Node ${process.version}, ${this.cores} CPUs)`,
		);
	}
}
