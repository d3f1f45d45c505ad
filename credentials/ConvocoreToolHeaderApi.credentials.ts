import type { ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

/**
 * A header name and a secret value that Tool > Create and Update put on a tool as a header field
 * with a fixed value (Convocore documents tool fields `in: header` and a field's fixed `value`),
 * so that the tool's server, e.g. an n8n Webhook node with Header Auth holding the same pair, can
 * tell Convocore's calls from anyone else's. Kept in a credential so that the value is stored
 * encrypted, never in the workflow, its exports or the copy of the node that errors carry.
 *
 * No request can prove the pair right (the tool's server is not known here): the node's
 * credential test (Convocore.node.ts, testedBy) checks that it can be sent as a header.
 */
export class ConvocoreToolHeaderApi implements ICredentialType {
	name = 'convocoreToolHeaderApi';

	// The scanner (which ignores eslint-disable comments) requires credential display names to end in "API".
	displayName = 'Convocore Tool Header API';

	icon: Icon = { light: 'file:../icons/convocore.svg', dark: 'file:../icons/convocore.dark.svg' };

	documentationUrl = 'https://github.com/convocore-community/n8n-nodes-convocore#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'X-Tool-Key',
			description:
				'The header the tool sends, e.g. X-Tool-Key. Use the same name in the Header Auth credential of the Webhook node that serves the tool.',
		},
		{
			displayName: 'Header Value',
			name: 'headerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The secret the header carries: at least 12 characters. Use the same value in the Webhook node’s Header Auth credential.',
		},
	];
}
