/**
 * A node's live dropdowns and pickers, called the way n8n's backend calls them: on n8n-core's
 * real LoadOptionsContext, with the node's current parameters and the credential applied by the
 * credentials helper, over real HTTP to the sandbox.
 */
import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import { Workflow, type ICredentialDataDecryptedObject, type INodeParameters } from 'n8n-workflow';
import type { Sandbox } from '../../sandbox';
import { nodeTypes, sandboxCredential } from './convocore';
import { CONVOCORE_NODE_TYPE, TestCredentialsHelper, additionalDataFor, node } from './engine';

export function loadOptionsContext(
	sandbox: Sandbox,
	parameters: INodeParameters,
	{
		credential = sandboxCredential(sandbox),
		path = 'parameters.agentId',
		typeVersion = 2,
	}: { credential?: ICredentialDataDecryptedObject; path?: string; typeVersion?: number } = {},
): LoadOptionsContext {
	const convocore = node('Convocore', CONVOCORE_NODE_TYPE, parameters, {
		credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
		typeVersion,
	});
	const workflow = new Workflow({
		id: 'load-options',
		nodes: [convocore],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const hooks = new ExecutionLifecycleHooks('internal', 'load-options', {
		id: 'load-options',
		name: 'Load options',
		nodes: [convocore],
		connections: {},
		active: false,
		settings: { executionOrder: 'v1' },
	} as never);
	const additionalData = {
		...additionalDataFor(new TestCredentialsHelper({ convocoreApi: credential }), hooks),
		currentNodeParameters: parameters,
	};
	return new LoadOptionsContext(workflow, convocore, additionalData, path);
}
