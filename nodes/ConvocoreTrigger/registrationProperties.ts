import type { INodeProperties } from 'n8n-workflow';
import { agentPicker } from '../Convocore/descriptions/pickers';

/**
 * Node version 2's parameters: Register on Agents (./registration.ts) and its notice. Version 1
 * shows none of them and keeps its own notice, so its description is what it was.
 */

const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };
const REGISTERING = { ...FROM_VERSION_2, registerOnAgents: [true] };

export const registrationNotice: INodeProperties = {
	displayName:
		"Turn on <b>Register on Agents</b> to let this node set the chosen agents' Webhook URL itself: publishing (activating) the workflow points them at the <b>Production URL</b>, deactivating it puts back what they had, and 'Listen for test event' does the same with the <b>Test URL</b>. An agent that already points somewhere else is refused, unless Replace Existing URL is on. Which events Convocore sends to an agent's Webhook URL is our reading of its API; for workspace events, paste the Production URL into the workspace's webhook settings in the Convocore dashboard. The credential's Secret Key must be the <b>workspace</b> secret: every event carries it, and requests without it are refused.",
	name: 'registrationNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: FROM_VERSION_2 },
};

export const registrationProperties: INodeProperties[] = [
	{
		displayName: 'Register on Agents',
		name: 'registerOnAgents',
		type: 'boolean',
		default: false,
		description:
			"Whether to set the chosen agents' Webhook URL to this node's URL while the workflow is active, and put back what they had when it is deactivated",
		displayOptions: { show: FROM_VERSION_2 },
	},
	{
		displayName: 'Agents',
		name: 'agents',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Agent',
		default: {},
		description: 'The agents whose events this node receives',
		displayOptions: { show: REGISTERING },
		options: [
			{
				displayName: 'Agent',
				name: 'agent',
				values: [agentPicker('An agent whose Webhook URL this node sets')],
			},
		],
	},
	{
		displayName: 'Replace Existing URL',
		name: 'replaceExistingUrl',
		type: 'boolean',
		default: false,
		description:
			'Whether to take over an agent whose Webhook URL points somewhere else. Off, activation is refused and no agent changes. On, the old URL is put back on deactivation.',
		displayOptions: { show: REGISTERING },
	},
];
