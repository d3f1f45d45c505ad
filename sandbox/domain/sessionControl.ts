import { z } from 'zod';
import { ApiError, validationError } from '../server/errors';
import { addSessions, sessionFeed, startFeedTimer, stopFeedTimer } from './sessionFeed';
import { SESSION_DEFECTS } from './records';
import type { SandboxState } from './state';

/**
 * The feed's control routes (sandbox/server/control.ts), for the CLI, the demo and the end-to-end run:
 * - `POST /__sandbox/sessions` `{ count?, agentId?, origin?, convoId? }` adds that many sessions
 *   now (default 1) and answers them; with `everyMs` it instead starts the feed's own timer, which
 *   adds `count` sessions each interval until `DELETE /__sandbox/sessions/timer` or a reset;
 *   `{ at, offClock: true }` stamps them by a wrong clock (e.g. the year 2100, or backdated),
 *   `{ malformed: ['noAgentId', 'textStart'] }` makes them malformed in the feed's answers;
 * - `POST /__sandbox/sessions/quirks` `{ ignorePage?, overlap?, arrivalsPerPage?, order? }` makes
 *   the feed hostile (records.ts `FeedQuirks`); `{}` makes it well-behaved again, as does a reset;
 * - `GET /__sandbox/sessions`: how many sessions the feed holds, its quirks, and the newest ten.
 */

const controlSchema = z
	.object({
		count: z.number().int().min(1).max(10_000).optional(),
		agentId: z.string().min(1).optional(),
		origin: z.string().min(1).optional(),
		convoId: z.string().min(1).optional(),
		everyMs: z.number().int().min(10).optional(),
		at: z.number().int().min(0).optional(),
		offClock: z.boolean().optional(),
		malformed: z.array(z.enum(SESSION_DEFECTS)).min(1).optional(),
	})
	.strict();

const quirksSchema = z
	.object({
		ignorePage: z.boolean().optional(),
		overlap: z.number().int().min(0).max(99).optional(),
		arrivalsPerPage: z.number().int().min(0).max(100).optional(),
		order: z.enum(['newestFirst', 'byConversation']).optional(),
	})
	.strict();

export function sessionControl(
	state: SandboxState,
	route: string,
	body: unknown,
): { status: number; body: unknown } {
	try {
		if (route === 'DELETE /__sandbox/sessions/timer') {
			stopFeedTimer(state);
			return { status: 200, body: { success: true, message: 'The feed timer is stopped.' } };
		}
		const feed = sessionFeed(state);
		if (route === 'GET /__sandbox/sessions') {
			const newest = [...feed.entries].sort((a, b) => b.ts - a.ts || b.seq - a.seq).slice(0, 10);
			return {
				status: 200,
				body: {
					count: feed.entries.length,
					timer: feed.timer !== undefined,
					quirks: feed.quirks ?? {},
					newest,
				},
			};
		}
		if (route === 'POST /__sandbox/sessions/quirks') {
			const quirks = quirksSchema.safeParse(body);
			if (!quirks.success)
				return { status: 400, body: validationError('feed quirks', quirks.error).toBody() };
			feed.quirks = quirks.data;
			return { status: 200, body: { success: true, quirks: feed.quirks } };
		}
		const parsed = controlSchema.safeParse(body);
		if (!parsed.success)
			return { status: 400, body: validationError('sessions control', parsed.error).toBody() };
		const { everyMs, ...options } = parsed.data;
		if (everyMs !== undefined) {
			startFeedTimer(state, everyMs, options);
			return {
				status: 200,
				body: {
					success: true,
					message: `The feed adds ${options.count ?? 1} session(s) every ${everyMs} ms.`,
				},
			};
		}
		const added = addSessions(state, options);
		return {
			status: 200,
			body: {
				success: true,
				added: added.map(({ convoId, agentId, origin, ts, malformed }) => ({
					convoId,
					agentId,
					origin,
					ts,
					...(malformed ? { malformed } : {}),
				})),
			},
		};
	} catch (error) {
		if (!(error instanceof ApiError))
			return {
				status: 500,
				body: { message: `Sandbox failure: ${(error as Error).message}`, code: 'INTERNAL_ERROR' },
			};
		return { status: error.status, body: error.toBody() };
	}
}
