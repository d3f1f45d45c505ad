import { magicImportLeadsRequestSchema } from '../../nodes/shared/contracts/leadImportFromText';
import { findAgent } from '../server/auth';
import { parseOrThrow } from '../server/errors';
import type { SandboxLead } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * `POST /agents/{agentId}/magic-import-leads`: Convocore's AI reads leads out of free text. The
 * sandbox "reads" deterministically instead, so tests know what to expect: every line holding an
 * e-mail address or a phone number is one lead; what is left of the line (separators trimmed)
 * is its name. The same in both modes: the published answer `{ success, leadsAdded[] }` is open,
 * and the leads are stored (into the group when `leadGroupId` names one: a group is its name).
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
// A + and 7 to 15 digits, with the spaces, dashes, dots and brackets people write between them.
const PHONE = /\+[1-9][\d\s\-.()]{6,22}\d/;

/** The lead a line of text holds, or undefined when it has neither an e-mail nor a phone. */
export function readLeadLine(
	line: string,
): { userName?: string; userEmail?: string; userPhone?: string } | undefined {
	const email = EMAIL.exec(line)?.[0];
	const phoneText = PHONE.exec(line)?.[0];
	const phone = phoneText?.replace(/[\s\-.()]/g, '');
	const validPhone = phone && /^\+[1-9]\d{6,14}$/.test(phone) ? phone : undefined;
	if (!email && !validPhone) return undefined;
	let rest = line;
	if (email) rest = rest.replace(email, ' ');
	if (phoneText && validPhone) rest = rest.replace(phoneText, ' ');
	const name = rest
		.replace(/[<>,;:|\t()[\]"]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^[-–.\s]+|[-–.\s]+$/g, '');
	return {
		...(name ? { userName: name } : {}),
		...(email ? { userEmail: email } : {}),
		...(validPhone ? { userPhone: validPhone } : {}),
	};
}

function magicImport(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { rawText, leadGroupId } = parseOrThrow(
		magicImportLeadsRequestSchema,
		ctx.body,
		'magic import',
	);
	const now = Date.now();
	const leadsAdded = rawText
		.split(/\r?\n/)
		.map(readLeadLine)
		.filter((lead): lead is NonNullable<typeof lead> => lead !== undefined)
		.map((fields) => {
			ctx.state.counters.leads += 1;
			// The answer's record, then the stored lead with the sandbox's own bookkeeping (the API has no workspace on a lead).
			const record = {
				...fields,
				id: `lead-${ctx.state.counters.leads}`,
				agentId: agent.ID,
				ts: now,
				...(leadGroupId ? { groupName: leadGroupId } : {}),
			};
			ctx.state.leads[record.id] = { ...record, workspaceId: agent.workspaceId } as SandboxLead;
			return record;
		});
	return { body: { success: true, leadsAdded } };
}

export const magicImportLeadRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/magic-import-leads', handler: magicImport },
];
