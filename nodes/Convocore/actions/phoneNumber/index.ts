import type { ResourceDefinition } from '../types';
import { assignToAgent } from './assignToAgent.operation';
import { buy } from './buy.operation';
import { importNumber } from './import.operation';
import { release } from './release.operation';
import { repairWebhooks } from './repairWebhooks.operation';

export const phoneNumberResource: ResourceDefinition = {
	name: 'Phone Number',
	value: 'phoneNumber',
	description:
		'Buy, import, release and repair telephony numbers, and assign them to agents for SMS',
	operations: [
		{
			value: 'assignToAgent',
			name: 'Assign to Agent',
			action: 'Assign a phone number to an agent for SMS',
			description:
				'Connect a number of the workspace to an agent, so the agent sends and answers SMS from it',
			operation: assignToAgent,
		},
		{
			value: 'buy',
			name: 'Buy',
			action: 'Buy a phone number',
			description:
				'Rent a new phone number through Convocore. Costs money: a rented number is billed about $3 per month until it is released.',
			operation: buy,
		},
		{
			value: 'import',
			name: 'Import',
			action: 'Import a phone number',
			description:
				"Connect a number you already own in your own telephony provider account to Convocore, with that account's SID and auth token. Rents nothing.",
			operation: importNumber,
		},
		{
			value: 'release',
			name: 'Release',
			action: 'Release a phone number',
			description:
				'Give up a number of the workspace. Irreversible: the number stops working for every agent and may not be recoverable; a rented number stops being billed. WhatsApp numbers are not affected.',
			operation: release,
		},
		{
			value: 'repairWebhooks',
			name: 'Repair Webhooks',
			action: 'Repair the webhooks of a phone number',
			description:
				'Check a number and point its call and SMS webhooks back at Convocore, e.g. when calls or texts to it stopped reaching the agent. Safe to repeat.',
			operation: repairWebhooks,
		},
	],
};
