/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- benchmark code: runs in Node against the sandbox, never ships */
/**
 * The cpuhttp workload (300 direct SMS, the sandbox answering at once) for ONE contender, to run
 * under a CPU profiler:
 *
 *   node -r ts-node/register/transpile-only bench/profile-cpu.ts convocore|http [rounds] [out.cpuprofile]
 *   node bench/profile-summary.js out.cpuprofile <rounds × 300> <mean CPU µs per item printed here>
 *
 * Warm-up as in the bench, then `rounds` batches, profiled (inspector, the measured rounds only)
 * when an output file is named; prints CPU per item of those batches.
 */
import './env';
import { writeFileSync } from 'fs';
import { Session } from 'inspector';
import { startSandbox } from '../sandbox';
import { contextFor, smsItems } from './common';
import { sendWithConvocore, sendWithHttpRequestNode } from './contenders';
import { cpuMs, Report } from './lib';

async function main(): Promise<void> {
	const variant = process.argv[2] === 'http' ? 'http' : 'convocore';
	const rounds = Number(process.argv[3] ?? 10);
	const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	const ctx = contextFor(sandbox, new Report());
	const send = (n: number, tag: string) =>
		variant === 'http'
			? sendWithHttpRequestNode(ctx, smsItems(n, tag), 'direct')
			: sendWithConvocore(ctx, smsItems(n, tag), 'direct');
	try {
		for (let i = 0; i < 5; i++) await send(300, 'warm-up');
		const perItem: number[] = [];
		const out = process.argv[4];
		const session = new Session();
		const post = (method: string, params?: object) =>
			new Promise<unknown>((resolve, reject) =>
				session.post(method, params ?? {}, (error, result) =>
					error ? reject(error) : resolve(result),
				),
			);
		if (out) {
			session.connect();
			await post('Profiler.enable');
			await post('Profiler.setSamplingInterval', { interval: 100 });
			await post('Profiler.start');
		}
		for (let round = 0; round < rounds; round++) {
			sandbox.reset();
			const before = cpuMs();
			const { error } = await send(300, `profile ${round}`);
			if (error) throw new Error(error);
			perItem.push((cpuMs() - before) / 300);
		}
		if (out) {
			const { profile } = (await post('Profiler.stop')) as { profile: unknown };
			writeFileSync(out, JSON.stringify(profile));
			session.disconnect();
		}
		perItem.sort((a, b) => a - b);
		const mean = perItem.reduce((sum, ms) => sum + ms, 0) / perItem.length;
		console.log(
			`${variant}: CPU per item, mean ${(mean * 1000).toFixed(0)} µs, median ${perItem[Math.floor(perItem.length / 2)].toFixed(3)} ms (${perItem.map((ms) => ms.toFixed(3)).join(', ')})`,
		);
	} finally {
		await sandbox.close();
	}
	setTimeout(() => process.exit(0), 200).unref();
}

void main();
