import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { workspaceIdSchema } from '../../../shared/contracts/workspace';
import type { Show } from '../../descriptions/displayOptions';
import { readIdParameter } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';

export function workspacePath(workspaceId: string): string {
	return `/workspaces/${encodeURIComponent(workspaceId)}`;
}

const workspaceRefSchema = lazy(() => z.object({ workspaceId: workspaceIdSchema }));

export function readWorkspaceId(ctx: IExecuteFunctions, itemIndex: number): string {
	return validate(
		ctx,
		workspaceRefSchema,
		{ workspaceId: readIdParameter(ctx, 'workspaceId', itemIndex) },
		itemIndex,
		'workspace',
	).workspaceId;
}

/** The Emails field of Create and Update: the members' addresses, as text or a list from an expression. */
export function emailsProperty(description: string, show?: Show): INodeProperties {
	return {
		displayName: 'Emails',
		name: 'workspaceEmails',
		type: 'string',
		default: '',
		placeholder: 'e.g. owner@clinic.com, front-desk@clinic.com',
		description: `${description}, separated by commas`,
		...(show ? { displayOptions: { show } } : {}),
	};
}
