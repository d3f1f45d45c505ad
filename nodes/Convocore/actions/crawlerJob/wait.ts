import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import {
	finalStatusOf,
	isFinalJob,
	type CrawlerJobRecord,
} from '../../../shared/contracts/crawlerJob';
import { redactedNode } from '../../../shared/secrets';
import { executionCancelSignal } from '../../transport/retries';
import type { RequestScope } from '../../transport/retries';
import { fetchJob } from './common';

/**
 * Crawler Job > Create's Wait for Completion: polls the job with back-off until it is completed,
 * failed or cancelled, within Maximum Wait, and ends at once when n8n cancels the execution.
 */

/** Back-off between polls: 1 s, doubling, at most 15 s. */
export const POLL_BACKOFF = { firstMs: 1000, maxMs: 15_000 } as const;
/** Options > Maximum Wait (seconds). */
export const MAX_WAIT_SECONDS = { default: 600, min: 1, max: 86_400 } as const;

/** The longest single sleep: a cancel is noticed within this even if its event were missed. */
const SLICE_MS = 250;

/** The clock the wait uses; tests replace it to run a ten-minute wait in no time. */
export const waitClock = {
	now: (): number => Date.now(),
	sleep: abortableSleep,
};

/** Sleeps `ms`, or less when `signal` aborts (then it resolves early; the caller checks the signal). */
export async function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	let onAbort = () => {};
	const aborted = new Promise<void>((resolve) => (onAbort = resolve));
	signal.addEventListener('abort', onAbort, { once: true });
	try {
		const end = Date.now() + ms;
		// Short slices, so that no long timer outlives a cancelled execution.
		for (let left = ms; left > 0 && !signal.aborted; left = end - Date.now()) {
			await Promise.race([sleep(Math.min(left, SLICE_MS)), aborted]);
		}
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** The delays between polls: 1, 2, 4, 8, 15, 15, … seconds. */
export function nextDelayMs(previousMs: number | undefined): number {
	return previousMs === undefined
		? POLL_BACKOFF.firstMs
		: Math.min(previousMs * 2, POLL_BACKOFF.maxMs);
}

export interface WaitPlan {
	workspaceId: string;
	maxWaitSeconds: number;
}

/**
 * Polls until the job stops moving and returns it; throws, naming the job and its last status,
 * when Maximum Wait passes or the execution is cancelled. Each poll has its own Timeout.
 */
export async function waitForJob(
	ctx: IExecuteFunctions,
	plan: WaitPlan,
	created: CrawlerJobRecord,
	scope: RequestScope,
): Promise<CrawlerJobRecord> {
	const signal = executionCancelSignal(ctx);
	const deadline = waitClock.now() + plan.maxWaitSeconds * 1000;
	let job = created;
	let delay: number | undefined;
	while (!isFinalJob(job)) {
		const left = deadline - waitClock.now();
		if (left <= 0) {
			throw new NodeOperationError(
				redactedNode(ctx.getNode()),
				`Crawler job ${job.id} did not finish within ${plan.maxWaitSeconds} seconds: its last status was "${job.status}"`,
				{
					itemIndex: scope.itemIndex,
					description:
						'The job keeps running at Convocore. Read it later with Crawler Job > Get (or Get Pages), or raise Options > Maximum Wait.',
				},
			);
		}
		delay = nextDelayMs(delay);
		await waitClock.sleep(Math.min(delay, left), signal);
		if (signal?.aborted) {
			throw new NodeOperationError(
				redactedNode(ctx.getNode()),
				`The execution was cancelled while waiting for crawler job ${job.id} (last status "${job.status}")`,
				{
					itemIndex: scope.itemIndex,
					description:
						'The job itself keeps running at Convocore: delete it with Crawler Job > Delete if it is not wanted.',
				},
			);
		}
		job = await fetchJob(ctx, plan.workspaceId, job.id, scope);
	}
	return job;
}

/** A failed or cancelled job as the item's error, naming the job and what Convocore said. */
export function unsuccessfulJobError(
	ctx: IExecuteFunctions,
	job: CrawlerJobRecord,
	itemIndex: number | undefined,
): NodeOperationError | undefined {
	const status = finalStatusOf(job);
	if (status !== 'failed' && status !== 'cancelled') return undefined;
	const texts = [job.resultError, job.message].filter(
		(text): text is string => typeof text === 'string' && text.trim() !== '',
	);
	// Each once: a message that already quotes the error stands alone.
	const said = texts.filter(
		(text, index) =>
			!texts.some(
				(other, at) => at !== index && other.includes(text) && (other !== text || at < index),
			),
	);
	const message =
		status === 'failed' ? `Crawler job ${job.id} failed` : `Crawler job ${job.id} was cancelled`;
	return new NodeOperationError(
		redactedNode(ctx.getNode()),
		said.length ? `${message}: ${said.join(' ')}` : message,
		{
			itemIndex,
			description:
				status === 'failed'
					? 'Check that the URLs answer and are reachable from the internet, then create the job again (jobs cannot be edited).'
					: 'Someone cancelled the job before it finished; its pages so far are listed by Crawler Job > Get Pages.',
		},
	);
}

/**
 * A request that failed after the job was created (a poll, or reading its pages): the error says
 * the job exists, so that running the item again does not create a second one. Errors of the wait
 * itself (Maximum Wait, cancel) already say so and are left as they are.
 */
export function afterCreationError(
	error: unknown,
	job: CrawlerJobRecord,
	step: 'waiting for it' | 'reading its pages',
): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const running = step === 'waiting for it';
	error.message = `Crawler job ${job.id} was created, but ${step} failed: ${error.message}`;
	error.description = [
		running
			? `Crawler job ${job.id} exists and keeps running at Convocore: running this again would create a second job. Follow it with Crawler Job > Get, or delete it with Crawler Job > Delete.`
			: `Crawler job ${job.id} finished (${job.status}): running this again would crawl again. Read its pages with Crawler Job > Get Pages.`,
		error.description,
	]
		.filter(Boolean)
		.join('\n');
	return error;
}
