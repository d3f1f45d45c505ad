// A scripted OpenAI-compatible chat-completions endpoint for the end-to-end AI Agent check: n8n's
// OpenAI Chat Model node, with a credential whose Base URL points here, gets a tool call to the
// Convocore tool first, and once the tool's result is in the conversation a final answer quoting it.
// Plain JSON answers, or server-sent events when the request asks for a stream.
import { createServer } from 'node:http';

const QUESTION = 'How much does a cleaning cost?';
export const FINAL_PREFIX = 'The Convocore agent says: ';

function completion(message, finishReason) {
	return {
		id: `chatcmpl-scripted-${Date.now()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: 'scripted-model',
		choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
		usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
	};
}

/** The answer to one chat-completions request: a tool call, or the final answer once a tool result came. */
function answer(body, calls) {
	const messages = body.messages ?? [];
	const toolResult = [...messages].reverse().find((message) => message.role === 'tool');
	if (toolResult) {
		const content =
			typeof toolResult.content === 'string'
				? toolResult.content
				: JSON.stringify(toolResult.content);
		return completion({ role: 'assistant', content: `${FINAL_PREFIX}${content}` }, 'stop');
	}
	const tool = (body.tools ?? [])
		.map((entry) => entry.function?.name)
		.find((name) => /convocore/i.test(name ?? ''));
	if (!tool)
		return completion({ role: 'assistant', content: 'No Convocore tool was offered.' }, 'stop');
	calls.push(tool);
	const args = JSON.stringify({ message: QUESTION, conversationId: 'e2e-ai-agent' });
	return completion(
		{
			role: 'assistant',
			content: null,
			tool_calls: [
				{ id: `call_${calls.length}`, type: 'function', function: { name: tool, arguments: args } },
			],
		},
		'tool_calls',
	);
}

function streamed(res, result) {
	const { message, finish_reason: finishReason } = result.choices[0];
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const base = {
		id: result.id,
		object: 'chat.completion.chunk',
		created: result.created,
		model: result.model,
	};
	const delta = message.tool_calls
		? {
				role: 'assistant',
				tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })),
			}
		: { role: 'assistant', content: message.content };
	res.write(
		`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
	);
	res.write(
		`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }], usage: result.usage })}\n\n`,
	);
	res.end('data: [DONE]\n\n');
}

/** Starts the endpoint on a free port; `baseUrl` is what the OpenAI credential's Base URL gets. */
export async function startScriptedModel() {
	const requests = [];
	const toolCalls = [];
	const server = createServer((req, res) => {
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			if (req.method === 'GET' && /\/models$/.test(req.url ?? '')) {
				res.writeHead(200, { 'content-type': 'application/json' });
				return res.end(
					JSON.stringify({
						object: 'list',
						data: [{ id: 'scripted-model', object: 'model', owned_by: 'e2e' }],
					}),
				);
			}
			if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				return res.end(
					JSON.stringify({ error: { message: `No scripted route ${req.method} ${req.url}` } }),
				);
			}
			const body = JSON.parse(text || '{}');
			requests.push(body);
			const result = answer(body, toolCalls);
			if (body.stream) return streamed(res, result);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(result));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		toolCalls,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}
