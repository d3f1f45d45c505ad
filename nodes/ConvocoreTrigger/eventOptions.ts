import type { INodePropertyOptions } from 'n8n-workflow';
import type { EventType } from '../shared/contracts/events';

/** The value of the "all events" choice; any authenticated event type is then emitted. */
export const ALL_EVENTS = '*';

const BOTH_RUNTIMES = 'Sent for Convocore-runtime and imported flow-runtime agents.';
const CONVOCORE_RUNTIME_ONLY =
	'Only Convocore-runtime agents (WebSocket interactions) send it; imported flow-runtime agents never do.';
const SUPPORT_UNDOCUMENTED =
	'Convocore defines its payload but does not document which agents send it.';

/**
 * Display name and description of every event type. Typed by EventType, so a type added to the
 * contract (nodes/shared/contracts/events.ts) does not compile until it is described here.
 */
const EVENT_DESCRIPTIONS: Record<EventType, { name: string; description: string }> = {
	message_received: {
		name: 'Message Received',
		description: `A user sent a message on WhatsApp, Instagram, Facebook, Telegram or web chat. ${BOTH_RUNTIMES}`,
	},
	conversation_updated: {
		name: 'Conversation Updated',
		description: `A conversation was saved; carries the full turn history. Also sent to an agent's Advanced Server URL when set. ${BOTH_RUNTIMES}`,
	},
	chat_delegated: {
		name: 'Chat Delegated',
		description: `A conversation was handed to a human team member. ${BOTH_RUNTIMES}`,
	},
	bug_reported: {
		name: 'Bug Reported',
		description: `A bug report was filed from a conversation, with a screenshot URL when one was attached. ${BOTH_RUNTIMES}`,
	},
	agent_created: {
		name: 'Agent Created',
		description: `An agent was created. ${SUPPORT_UNDOCUMENTED}`,
	},
	agent_updated: {
		name: 'Agent Updated',
		description: `An agent was changed. ${SUPPORT_UNDOCUMENTED}`,
	},
	agent_deleted: {
		name: 'Agent Deleted',
		description: `An agent was deleted. ${BOTH_RUNTIMES}`,
	},
	webhook_test: {
		name: 'Webhook Test',
		description:
			'Sent from the Convocore dashboard to check that this URL is reachable and configured. Use it to test the setup.',
	},
	lead_captured: {
		name: 'Lead Captured',
		description: `An agent captured a lead's name, email or phone. ${CONVOCORE_RUNTIME_ONLY}`,
	},
	form_submitted: {
		name: 'Form Submitted',
		description: `A user submitted a UI-engine form or input in a conversation. ${CONVOCORE_RUNTIME_ONLY}`,
	},
	organisation_created: {
		name: 'Organisation Created',
		description: `An organisation (client card) was created. ${BOTH_RUNTIMES}`,
	},
	organisation_updated: {
		name: 'Organisation Updated',
		description: `An organisation (client card) was changed. ${BOTH_RUNTIMES}`,
	},
	organisation_deleted: {
		name: 'Organisation Deleted',
		description: `An organisation (client card) was deleted. ${BOTH_RUNTIMES}`,
	},
	client_created: {
		name: 'Client Created',
		description: `A client (a person under an organisation) was created. ${BOTH_RUNTIMES}`,
	},
	client_updated: {
		name: 'Client Updated',
		description: `A client (a person under an organisation) was changed. ${BOTH_RUNTIMES}`,
	},
	client_deleted: {
		name: 'Client Deleted',
		description: `A client (a person under an organisation) was deleted. ${BOTH_RUNTIMES}`,
	},
};

const option = (type: EventType): INodePropertyOptions => ({
	value: type,
	...EVENT_DESCRIPTIONS[type],
});

/**
 * The Events choices: every documented type plus "All Events", written down sorted by name as
 * n8n's lint expects (test/trigger/description.test.ts checks the order and that none is missing).
 * Not sorted at load: localeCompare initialises ICU, 9 ms of loading the package inside n8n.
 */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	option('agent_created'),
	option('agent_deleted'),
	option('agent_updated'),
	{
		name: 'All Events',
		value: ALL_EVENTS,
		description:
			'Every event Convocore sends, including types this node does not know yet (those are emitted and marked in _validation)',
	},
	option('bug_reported'),
	option('chat_delegated'),
	option('client_created'),
	option('client_deleted'),
	option('client_updated'),
	option('conversation_updated'),
	option('form_submitted'),
	option('lead_captured'),
	option('message_received'),
	option('organisation_created'),
	option('organisation_deleted'),
	option('organisation_updated'),
	option('webhook_test'),
];
