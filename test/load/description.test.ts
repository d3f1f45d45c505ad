import { createHash } from 'crypto';
import { ConvocoreApi } from '../../credentials/ConvocoreApi.credentials';
import { ConvocoreTelephonyApi } from '../../credentials/ConvocoreTelephonyApi.credentials';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { ConvocoreConversationTrigger } from '../../nodes/ConvocoreConversationTrigger/ConvocoreConversationTrigger.node';
import { ConvocoreTrigger } from '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node';

/**
 * What n8n reads when it loads the package: each node's description (every property of every
 * operation, all versions) and each credential's fields. Work done to load the package faster
 * must leave all of it exactly as it was: these hashes were taken from the descriptions before
 * the load-time work (commit be0871c). A deliberate change to a description updates its hash here,
 * in the same commit, saying why.
 */
const EXPECTED: Record<string, { sha256: string; length: number }> = {
	// Updated after the review merge: the Refresh Rate label 'Daily (Every 24 Hours)' and a Workspace ID placeholder on Crawler Job > Delete (no stored name, default or value changed).
	// Updated for issue 21: the Campaign and Lead Group resources, Lead > Import, Export, Delete Many and Delete All, Conversation > Update, Assign, Delete and Export, Custom Metric > Create and Delete (new operations only; Conversation and Custom Metric keep their stored default operation).
	// Updated for issue 20: Agent > Send Message added (its operation entry, fields and options; the Agent resource's description mentions talking to agents). No stored name, default or value of an existing parameter changed.
	// Updated for issue 23 (h23): node version 4 (agent fields grouped by what they change, a Workspace picker on every crawler job operation, the data-type groups and the Workspace ID text field limited to versions 1 to 3), plain action labels ("Send an SMS"), an SMS > Send cost notice. No stored name, default or value of versions 1 to 3 changed.
	// Updated at the merge of issues 20, 21, 23 and 24: the node's description and its AI-tool description name talking to agents (Send Message spends credits) and campaigns.
	// Updated for issue 22 (h22var): the Variable and Workspace resources (new resources, operations and fields only). No stored name, default or value of an existing parameter changed.
	// Updated for issue 22 (h22usage): the Organisation and Workspace resources (Workspace holds only Get Usage on this branch), Agent > Get Usage and Search, and the node's description naming organisations and usage (new resources and operations only; no stored name, default or value of an existing parameter changed).
	// Updated at the merge of issue 22's branches: Workspace holds Create, Get, Get Many, Update, Delete and Get Usage together.
	// Updated for issue 22 (h22tool): the Tool resource (Create, Get, Get Many, Update, Delete, a tool picker) and the node's description naming agents' tools (its options lists sorted by name). New resource only: no stored name, default or value of an existing parameter changed.
	// Updated at the merge of h22tool: the node's description names tools, variables, workspaces, organisations and usage together.
	// Updated for issue 24 (lazy loading): a property that several operations of a resource describe alike is written once, shown for all of them (nodes/Convocore/descriptions/resourceOperation.ts; 381 properties to 268, 272 KB to 179 KB). test/load/sharedProperties.test.ts proves n8n resolves the same fields, order, display conditions, parameters and defaults for every resource, operation and version.
	// Updated at the merge of h24lazy2 after issue 22: the new resources' alike properties are written once too.
	// Updated by the usage work (issues 29, 30, 32): Workspace > Get Usage gains Output (Usage, Usage Logs) and Return All / Limit for the logs.
	// Updated by the leads work (issues 29, 30, 32): Lead > Import From Text, Lead Group > Delete's notice, Import's group wording.
	// Updated by the paging work (issues 29, 30, 32): Conversation > Create, and the Conversation Get Many wording.
	// Updated by the metrics work (issue 32): Custom Metric > Get Data, Get and Update, metric pickers, Create's ID.
	// Updated by the secrets work (issues 29, 30): Tool > Create and Update's Header Authentication, tool names as display names, the Convocore Tool Header API credential on the node.
	// Updated by the agents work (issues 29, 30): Send Message's Origin option, Agent > Create's Dry Run of two requests, Other Fields naming the published agent fields.
	// Updated for node version 5: Lead Group > Delete asks for the typed confirmation DELETE GROUP AND ITS LEADS from version 5 on (versions 1 to 4 unchanged).
	// Updated for node version 6: the version list gains 6, the default, whose Dry Run answers in one shape for every operation (helpers/dryRun.ts); no property changes, versions 1 to 5 unchanged.
	// Updated for issue 39 (h39a): Agent > Connect MCP Server and Disconnect MCP Server (two new operations in the Agent menu, their own fields) and SMS > Send's MCP Servers (agent mode). Checked against the description before: every earlier property byte-identical and in the same order, except the Agent operation list, which only gains the two entries.
	// Updated for issue 41: from node version 4, Agent > Create, Update and Clone gain the Model group (first), Knowledge Base Retrieval and Integrations, and the other published agent fields in the groups that hold their kin; new collections and options only (versions 1 to 3 unchanged, no stored name, default or value of an existing parameter changed).
	'Convocore node': {
		sha256: '5afb684046ea86ac5a5a9ad15873271b761508725260eb6b2f11d02174846a21',
		length: 271554,
	},
	// Updated for issue 38: node version 2 (Register on Agents, its notice, Agents, Replace Existing URL); version 1's view is the description above to the byte (test/trigger/registerDescription.test.ts).
	'Convocore Trigger node': {
		sha256: '3241f640b5a03cc7ee45f6a6443da685622b1d6d5bff45759f43238e8fcd4c2c',
		length: 8461,
	},
	// Added for issue 32 (h-poll): the Convocore Conversation Trigger, a new polling node.
	'Convocore Conversation Trigger node': {
		sha256: 'e322825aca6c2016c580f84acc13142c93bc18001e8a8d2b38bed254f31b44ac',
		length: 3619,
	},
	// Updated after the cpu merge: authenticate became a method (the same Bearer header without an expression per request), so it is no longer an own JSON field; the fields and the test are unchanged.
	'Convocore API credential': {
		sha256: '162db9990122fbdb28bc46c76b41dd91dbcfd5d807a5ab35ad1c9762ca65bd47',
		length: 2123,
	},
	'Convocore Telephony API credential': {
		sha256: '9d520cacd8d2536961250b1dd7e9b48c3f4129f4cff95300e2c0099b21198320',
		length: 1008,
	},
};

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const described: Record<string, () => unknown> = {
	'Convocore node': () => new Convocore().description,
	'Convocore Trigger node': () => new ConvocoreTrigger().description,
	'Convocore Conversation Trigger node': () => new ConvocoreConversationTrigger().description,
	'Convocore API credential': () => new ConvocoreApi(),
	'Convocore Telephony API credential': () => new ConvocoreTelephonyApi(),
};

describe('what n8n reads when it loads the package', () => {
	it.each(Object.keys(described))(
		'%s: the same description as before the load-time work',
		(name) => {
			const json = JSON.stringify(described[name]());
			expect({ sha256: sha256(json), length: json.length }).toEqual(EXPECTED[name]);
		},
	);

	it('the Convocore node lists the agent fields in full', () => {
		// A guard on the hash itself: the description holds the ~280 agent field entries.
		const json = JSON.stringify(new Convocore().description);
		for (const field of [
			'promptFields',
			'telephonySmsFields',
			'structureFields',
			'twilioSmsAccountSid',
			'vg_systemPrompt',
		]) {
			expect(json).toContain(`"${field}"`);
		}
	});
});
