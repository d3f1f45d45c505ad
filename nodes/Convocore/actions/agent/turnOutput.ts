import type { IDataObject } from 'n8n-workflow';
import type { TurnFrames } from '../../transport/interactFrames';

/**
 * One Send Message item from the frames of its turn: the reply (the chunks joined, or else the
 * text of the last UI Engine snapshot, or else the last bot turn of the conversation), the tool
 * calls and a handoff request, tokens and model.
 *
 * Bot turns say `from: "bot"` as Convocore's public client reads them; `ai` (our earlier
 * reading, still in stored examples) and the chat roles are read as the bot too.
 */

const BOT_SENDERS = new Set(['bot', 'ai', 'assistant', 'agent']);

/**
 * The text of one turn (`{ from, messages: [{ item: { type, payload: { message } } }] }` or
 * `{ role, content }`): the `text` messages' words; a message of another UI type (choice,
 * cardV2, form, ...) has none.
 */
function turnText(turn: IDataObject): string {
	if (typeof turn.content === 'string') return turn.content;
	if (typeof turn.message === 'string') return turn.message;
	const messages = Array.isArray(turn.messages) ? (turn.messages as IDataObject[]) : [];
	return messages
		.map((message) => {
			const payload = ((message?.item as IDataObject | undefined)?.payload ?? {}) as IDataObject;
			return typeof payload?.message === 'string' ? payload.message : '';
		})
		.filter(Boolean)
		.join('\n');
}

/**
 * The text of a UI Engine snapshot: a bot turn `{ from: "bot", ts, messages: [...] }` as Convocore
 * sends it, or the `{ type, text }` card of our earlier reading.
 */
function snapshotText(snapshot: IDataObject | string | undefined): string {
	if (snapshot === undefined || typeof snapshot === 'string' || snapshot === null) return '';
	if (Array.isArray(snapshot.messages)) return turnText(snapshot);
	return typeof snapshot.text === 'string' ? snapshot.text : '';
}

/** The last thing the agent said in `turns`, or undefined. */
export function lastBotText(turns: unknown[] | undefined): string | undefined {
	if (!turns) return undefined;
	for (let index = turns.length - 1; index >= 0; index--) {
		const turn = turns[index] as IDataObject | null;
		if (!turn || typeof turn !== 'object') continue;
		const from = String(turn.from ?? turn.role ?? '').toLowerCase();
		if (!BOT_SENDERS.has(from)) continue;
		const text = turnText(turn);
		if (text) return text;
	}
	return undefined;
}

/** An `action` frame as the output shows it: tool calls with name, input and output. */
function actionOutput(action: IDataObject): IDataObject {
	const tool = (action.toolMetadata ?? {}) as IDataObject;
	return {
		type: action.type ?? 'unknown',
		...(tool.toolName !== undefined ? { name: tool.toolName } : {}),
		...(tool.input !== undefined ? { input: tool.input } : {}),
		...(tool.output !== undefined ? { output: tool.output } : {}),
		...(action.payload !== undefined ? { payload: action.payload } : {}),
	};
}

function numberOrUndefined(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function turnOutput(
	frames: TurnFrames,
	conversationId: string,
	includeTurns: boolean,
): IDataObject {
	const turns =
		(Array.isArray(frames.metadata.turns) ? frames.metadata.turns : undefined) ?? frames.history;
	const text = frames.chunks.join('');
	const snapshot = frames.uiSnapshot === undefined ? undefined : parsedOrText(frames.uiSnapshot);
	const fromSnapshot = snapshotText(snapshot);
	const reply =
		text !== ''
			? text
			: fromSnapshot !== ''
				? fromSnapshot
				: (lastBotText(frames.history) ??
					lastBotText(Array.isArray(frames.metadata.turns) ? frames.metadata.turns : undefined) ??
					'');
	const output: IDataObject = {
		reply,
		conversationId,
		actions: frames.actions.map(actionOutput),
		handoffRequested: frames.actions.some((action) => action.type === 'request_handoff'),
		inputTokens: numberOrUndefined(frames.metadata.inputTokens),
		outputTokens: numberOrUndefined(frames.metadata.outputTokens),
		model: typeof frames.metadata.llmUsed === 'string' ? frames.metadata.llmUsed : undefined,
		durationMs: frames.durationMs,
	};
	if (Array.isArray(frames.metadata.sources) && frames.metadata.sources.length)
		output.sources = frames.metadata.sources;
	// A reply the UI Engine sent only as a rich snapshot: the snapshot, parsed when it is JSON.
	if (snapshot !== undefined && text === '') output.uiSnapshot = snapshot;
	if (frames.textFrames.length) output.textFrames = frames.textFrames;
	if (includeTurns) output.turns = (turns ?? []) as IDataObject[];
	return output;
}

function parsedOrText(text: string): IDataObject | string {
	try {
		return JSON.parse(text) as IDataObject;
	} catch {
		return text;
	}
}
