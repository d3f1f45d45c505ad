// Agent > Send Message in the real n8n server (single, and queue mode where the worker runs it):
// a turn on the sandbox's interact socket read back from the sandbox, and n8n's AI Agent with a
// scripted OpenAI-compatible model (./scriptedModel.mjs) calling Send Message as its tool.
import { FINAL_PREFIX, startScriptedModel } from './scriptedModel.mjs';

const ACTION_TYPE = 'n8n-nodes-convocore.convocore';
const TOOL_TYPE = 'n8n-nodes-convocore.convocoreTool';
const AGENT = { __rl: true, mode: 'id', value: 'agent-rental' };

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

async function interactTurns(sandboxUrl) {
	const response = await fetch(`${sandboxUrl}/__sandbox/interact`);
	assert(response.ok, `sandbox /__sandbox/interact answered ${response.status}`);
	return (await response.json()).turns;
}

const serialized = (execution) =>
	typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data ?? {});
const reference = (credential) => ({ id: credential.id, name: credential.name });

function sendMessageWorkflow(credential) {
	return {
		name: 'E2E: Agent > Send Message',
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'send',
				name: 'Send Message',
				type: ACTION_TYPE,
				typeVersion: 3,
				position: [220, 0],
				parameters: {
					resource: 'agent',
					operation: 'sendMessage',
					agentId: AGENT,
					message: 'When are you open?',
					conversationId: 'e2e-send-message',
				},
				credentials: { convocoreApi: reference(credential) },
			},
		],
		connections: { Start: { main: [[{ node: 'Send Message', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

function aiAgentWorkflow(credential, openAi) {
	return {
		name: 'E2E: AI Agent asks the Convocore agent',
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3,
				position: [220, 0],
				parameters: {
					promptType: 'define',
					text: 'Ask our Convocore agent what a cleaning costs.',
					options: {},
				},
			},
			{
				id: 'model',
				name: 'Scripted Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [120, 200],
				parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
				credentials: { openAiApi: reference(openAi) },
			},
			{
				id: 'tool',
				name: 'Convocore',
				type: TOOL_TYPE,
				typeVersion: 3,
				position: [320, 200],
				parameters: {
					resource: 'agent',
					operation: 'sendMessage',
					agentId: AGENT,
					message: "={{ $fromAI('message', 'The question for the Convocore agent') }}",
					conversationId:
						"={{ $fromAI('conversationId', 'The conversation ID, to continue a conversation') }}",
				},
				credentials: { convocoreApi: reference(credential) },
			},
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'Scripted Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			Convocore: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The two checks; returns the ids of the executions they ran (a worker runs them in queue mode). */
export async function exerciseSendMessage({
	mode,
	rest,
	credential,
	sandbox,
	checks,
	errorMessageOf,
}) {
	const executions = [];
	await checks.check(
		mode,
		'Agent > Send Message: one turn on the sandbox socket, the reply in the output',
		async () => {
			const stored = await rest.createWorkflow(sendMessageWorkflow(credential));
			const executionId = await rest.runManually(stored.id, 'Start');
			executions.push(executionId);
			const execution = await rest.finishedExecution(executionId);
			assert(
				execution.status === 'success',
				`execution ${executionId} ended "${execution.status}": ${errorMessageOf(execution)}`,
			);
			assert(
				serialized(execution).includes('Monday to Friday'),
				'the reply is not in the execution data',
			);
			const turns = (await interactTurns(sandbox.url)).filter(
				(turn) => turn.convoId === 'e2e-send-message',
			);
			assert(
				turns.length === 1 && turns[0].closeCode === 1000,
				`the sandbox saw ${turns.length} turn(s)`,
			);
			return `execution ${executionId}, one turn closed 1000`;
		},
	);

	const model = await startScriptedModel();
	try {
		await checks.check(
			mode,
			"n8n's AI Agent with a scripted model calls Send Message as its tool and gets the reply",
			async () => {
				const openAi = await rest.createCredential('Scripted model', 'openAiApi', {
					apiKey: 'sk-scripted-e2e-model',
					url: model.baseUrl,
					header: false,
				});
				const stored = await rest.createWorkflow(aiAgentWorkflow(credential, openAi));
				const executionId = await rest.runManually(stored.id, 'Start');
				executions.push(executionId);
				const execution = await rest.finishedExecution(executionId, 120_000);
				assert(
					execution.status === 'success',
					`execution ${executionId} ended "${execution.status}": ${errorMessageOf(execution)}`,
				);
				assert(
					model.toolCalls.length === 1,
					`the model asked for ${model.toolCalls.length} tool calls`,
				);
				const turns = (await interactTurns(sandbox.url)).filter(
					(turn) => turn.convoId === 'e2e-ai-agent',
				);
				assert(turns.length === 1, `the sandbox saw ${turns.length} turn(s) from the tool`);
				const data = serialized(execution);
				assert(
					data.includes(FINAL_PREFIX) && data.includes('90 EUR'),
					"the agent's final answer does not quote the Convocore reply",
				);
				return `execution ${executionId}, tool ${model.toolCalls[0]}, ${model.requests.length} model requests`;
			},
		);
	} finally {
		await model.close();
	}
	return executions;
}
