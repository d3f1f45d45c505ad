/**
 * Lead tests through n8n's engine against a sandbox: the agent the leads belong to, a runner at
 * one node version, and made-up people with the mapping that reads them.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential } from './convocore';

/** The seeded agent the lead tests import into, as the agent picker stores it. */
export const leadAgent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
export const leadAgentPath = `/agents/${SANDBOX_IDS.ownAccountAgent}`;

/** Runs the Convocore node once on `resource` for the lead agent, at `typeVersion`. */
export function leadRunner(sandbox: { readonly current: Sandbox }, typeVersion: number) {
	return async (
		resource: string,
		parameters: INodeParameters,
		{
			input = [{ json: {} }],
			continueOnFail = false,
		}: { input?: INodeExecutionData[]; continueOnFail?: boolean } = {},
	) =>
		await runConvocore(
			{ resource, agentId: leadAgent, ...parameters },
			{ credential: sandboxCredential(sandbox.current), typeVersion, input, continueOnFail },
		);
}

/** Lead Name, Email and Phone read from each item of `people`. */
export const personMapping = {
	leadName: '={{ $json.name }}',
	email: '={{ $json.email }}',
	phone: '={{ $json.phone }}',
};

/**
 * `count` people, each with a name, an email, a company and a German mobile number written with
 * spaces, as a spreadsheet holds it (the node sends it as +49176…).
 */
export function people(count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, index) => ({
		json: {
			name: `Person ${index}`,
			email: `p${index}@example.com`,
			phone: `+49 176 ${String(1_000_000 + index)}`,
			company: 'Acme',
		},
	}));
}
