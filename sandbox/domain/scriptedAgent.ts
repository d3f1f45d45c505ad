import { knowledgeDocumentsOf } from './knowledgeBase';
import type { SandboxAgent, SandboxState } from './state';

/**
 * The sandbox's conversational agent for the interact socket: deterministic, and answering from
 * the agent's knowledge-base documents, so that a question about something a workflow added to
 * the knowledge base gets that answer. A booking request calls a tool; asking for a human asks
 * for a handoff.
 */

export interface ScriptedAction {
	type: 'tool_call' | 'request_handoff';
	payload?: Record<string, unknown>;
	toolMetadata?: {
		toolName: string;
		input: Record<string, unknown>;
		output: Record<string, unknown>;
	};
}

export interface ScriptedTurn {
	reply: string;
	actions: ScriptedAction[];
	sources: Array<{ documentId: string; name: string }>;
}

const STOP_WORDS = new Set([
	'what',
	'when',
	'where',
	'which',
	'does',
	'have',
	'with',
	'your',
	'that',
	'this',
	'there',
	'from',
	'about',
	'much',
	'many',
	'would',
	'could',
	'tell',
	'please',
	'the',
	'and',
	'you',
	'are',
	'how',
	'for',
	'can',
	'any',
	'our',
]);

function words(text: string): string[] {
	return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
		(word) => word.length >= 3 && !STOP_WORDS.has(word),
	);
}

/** Word stems good enough for "costs" ~ "cost" and "opening" ~ "open". */
function stem(word: string): string {
	return word.replace(/(ing|es|s)$/, '');
}

/**
 * What a document can answer with: a Q/A pair answers with its A line (matched on both lines),
 * any other line sentence by sentence.
 */
function candidates(content: string): Array<{ match: string; answer: string }> {
	const lines = content
		.split(/\n+/)
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'));
	const found: Array<{ match: string; answer: string }> = [];
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index];
		const next = lines[index + 1];
		if (/^Q:/.test(line) && next && /^A:/.test(next)) {
			found.push({ match: `${line} ${next}`, answer: next.replace(/^A:\s*/, '') });
			index++;
			continue;
		}
		for (const sentence of line.replace(/^[QA]:\s*/, '').split(/(?<=[.!?])\s+/))
			found.push({ match: sentence, answer: sentence });
	}
	return found;
}

/** The passage of the agent's documents that shares most words with the question (the document's name breaks ties). */
function bestPassage(
	state: SandboxState,
	agent: SandboxAgent,
	question: string,
): { text: string; documentId: string; name: string } | undefined {
	const asked = new Set(words(question).map(stem));
	if (asked.size === 0) return undefined;
	const shared = (text: string) => words(text).filter((word) => asked.has(stem(word))).length;
	let best: { text: string; documentId: string; name: string; score: number } | undefined;
	for (const document of knowledgeDocumentsOf(state, agent.ID)) {
		const nameScore = shared(document.name) / 4;
		for (const candidate of candidates(document.content)) {
			const matched = shared(candidate.match);
			if (matched === 0) continue;
			const score = matched + nameScore;
			if (!best || score > best.score)
				best = { text: candidate.answer, documentId: document.ID, name: document.name, score };
		}
	}
	return best && { text: best.text, documentId: best.documentId, name: best.name };
}

const HANDOFF =
	/\b(human|real person|someone real|representative|operator|speak to (a|an) (person|agent))\b/i;
const BOOKING = /\b(book|booking|appointment|reserve|schedule)\b/i;

export function scriptedTurn(
	state: SandboxState,
	agent: SandboxAgent,
	prompt: string,
	turnNumber: number,
): ScriptedTurn {
	if (prompt === 'start') {
		return {
			reply: `Hi, this is ${agent.title}. How can I help you today?`,
			actions: [],
			sources: [],
		};
	}
	if (HANDOFF.test(prompt)) {
		return {
			reply: 'Of course. I am handing you over to a colleague, who will reply here shortly.',
			actions: [{ type: 'request_handoff', payload: { reason: 'The user asked for a human.' } }],
			sources: [],
		};
	}
	if (BOOKING.test(prompt)) {
		const slot = `Friday 15:${String(30 + (turnNumber % 3) * 10).padStart(2, '0')}`;
		return {
			reply: `I have booked you for ${slot}. You will get a confirmation shortly.`,
			actions: [
				{
					type: 'tool_call',
					toolMetadata: {
						toolName: 'book_appointment',
						input: { request: prompt },
						output: { booked: true, slot },
					},
				},
			],
			sources: [],
		};
	}
	const passage = bestPassage(state, agent, prompt);
	if (passage)
		return {
			reply: passage.text,
			actions: [],
			sources: [{ documentId: passage.documentId, name: passage.name }],
		};
	return {
		reply:
			"I'm sorry, I don't have information about that. Could you rephrase, or ask about something else?",
		actions: [],
		sources: [],
	};
}

/** Splits a reply into the pieces it is streamed in (a few words each), keeping every character. */
export function streamPieces(reply: string): string[] {
	return reply.match(/\S+\s*\S*\s*\S*\s*|\s+/g) ?? [reply];
}

/** Tokens as a model would count them, roughly: one per four characters, at least one. */
export function tokenCount(text: string): number {
	return Math.max(1, Math.ceil(text.length / 4));
}
