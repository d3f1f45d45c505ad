import type { IDataObject } from 'n8n-workflow';

/**
 * The frames of one interact turn (agent-at-work spec §1): text chunks, UI Engine snapshots,
 * actions, metadata and the synced history, sorted as they come and bounded in size.
 */

/**
 * The most one turn's frames may hold together: 8 MB. n8n holds every item in memory (and in
 * queue mode moves it between processes); a reply past this is not a chat answer, so the turn
 * ends with an error and the socket is closed at once, instead of a huge item downstream.
 */
export const MAX_TURN_BYTES = 8 * 1024 * 1024;

/** Every frame of one turn, as it came. */
export interface TurnFrames {
	/** Text chunks by chunkIndex (arrival order where it is missing); non-JSON frames are text too. */
	chunks: string[];
	/** The last UI Engine snapshot (each replaces the one before), when the agent sent rich replies. */
	uiSnapshot?: string;
	actions: IDataObject[];
	metadata: IDataObject;
	/** `sync_chat_history` turns. */
	history?: unknown[];
	/** Frames that were not JSON, kept as text. */
	textFrames: string[];
	closeCode: number;
	closeReason: string;
	durationMs: number;
}

/** Sorts the frames of a turn as they come; a frame that is not JSON is text, never a crash. */
export class FrameCollector {
	/** Bytes received so far in this turn, every frame counted. */
	bytes = 0;
	private readonly chunks: Array<{ index: number; text: string }> = [];
	private uiSnapshot: string | undefined;
	private readonly actions: IDataObject[] = [];
	private metadata: IDataObject = {};
	private history: unknown[] | undefined;
	private readonly textFrames: string[] = [];

	add(data: unknown): void {
		const text =
			typeof data === 'string'
				? data
				: data instanceof ArrayBuffer
					? Buffer.from(data).toString('utf8')
					: String(data);
		this.bytes += data instanceof ArrayBuffer ? data.byteLength : Buffer.byteLength(text, 'utf8');
		// Past the bound nothing more is kept: the turn is ending with an error.
		if (this.bytes > MAX_TURN_BYTES) return;
		let frame: IDataObject;
		try {
			const parsed: unknown = JSON.parse(text);
			if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
				throw new Error('not a frame');
			frame = parsed as IDataObject;
		} catch {
			this.textFrames.push(text);
			this.chunks.push({ index: Number.MAX_SAFE_INTEGER, text });
			return;
		}
		switch (frame.type) {
			case 'chunk': {
				const chunk =
					typeof frame.chunk === 'string' ? frame.chunk : JSON.stringify(frame.chunk ?? '');
				if (frame.ui_engine === true) this.uiSnapshot = chunk;
				else
					this.chunks.push({
						index:
							typeof frame.chunkIndex === 'number' ? frame.chunkIndex : Number.MAX_SAFE_INTEGER,
						text: chunk,
					});
				return;
			}
			case 'action':
				if (frame.action && typeof frame.action === 'object')
					this.actions.push(frame.action as IDataObject);
				return;
			case 'metadata':
				if (frame.metadata && typeof frame.metadata === 'object')
					this.metadata = { ...this.metadata, ...(frame.metadata as IDataObject) };
				return;
			case 'sync_chat_history':
				if (Array.isArray(frame.turns)) this.history = frame.turns;
				return;
			default:
			// `debug` and frame types not yet known carry nothing for the output.
		}
	}

	/** Whether anything came that the output can show: text, a snapshot, an action or the turns. */
	answered(): boolean {
		return (
			this.chunks.length > 0 ||
			this.uiSnapshot !== undefined ||
			this.actions.length > 0 ||
			Array.isArray(this.metadata.turns) ||
			this.history !== undefined
		);
	}

	result(closeCode: number, closeReason: string, durationMs: number): TurnFrames {
		// Stable: chunks without an index keep their arrival order after the indexed ones.
		const chunks = [...this.chunks].sort((a, b) => a.index - b.index).map((chunk) => chunk.text);
		return {
			chunks,
			uiSnapshot: this.uiSnapshot,
			actions: this.actions,
			metadata: this.metadata,
			history: this.history,
			textFrames: this.textFrames,
			closeCode,
			closeReason,
			durationMs,
		};
	}
}
