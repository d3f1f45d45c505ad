/**
 * The agent-fields contract and the node's editor are built from the same lists: every field of
 * the seed's table is offered once, in one group, on Create, Update and Clone, and nothing else;
 * the contract takes those and every field of the OpenAPI's update schema. From node version 4
 * the editor types the published fields too, all but the deliberate exclusions (set through
 * Options > Other Fields (JSON)); versions 1 to 3 show what they showed.
 */
import type { INodeProperties } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { AGENT_PROMPT_FIELDS } from '../../nodes/shared/contracts/agentFieldNames';
import {
	agentOverridesSchema as overridesForSms,
	agentChangesSchema,
	agentFieldsSchema,
	agentOverridesSchema,
	isUpdateOnlyAgentField,
	newAgentSchema,
} from '../../nodes/shared/contracts/agentFields';
import {
	PUBLISHED_CREATE_FIELDS,
	PUBLISHED_UPDATE_FIELDS,
} from '../../nodes/shared/contracts/agentPublishedFields';
import { NOT_TYPED } from '../../nodes/Convocore/actions/agent/publishedGroups';

const properties = new Convocore().description.properties;

/** The version condition of a collection: none (every version), up to 3, or from 4. */
const versionOf = (property: INodeProperties) =>
	JSON.stringify(property.displayOptions?.show?.['@version'] ?? null);

/**
 * Field names offered by the collections of one agent operation at node version 4 or, with
 * `upTo3`, at versions 1 to 3 (each grouping offers every field), Options left out.
 */
function offeredFields(operation: string, upTo3 = false): string[] {
	return properties
		.filter((property) => property.type === 'collection' && property.name !== 'options')
		.filter(
			(property) =>
				versionOf(property) === 'null' || versionOf(property).includes(upTo3 ? 'lte' : 'gte'),
		)
		.filter(
			(property) =>
				property.displayOptions?.show?.resource?.includes('agent') &&
				property.displayOptions.show.operation?.includes(operation),
		)
		.flatMap((property) => (property.options as INodeProperties[]).map((option) => option.name));
}

describe('agent fields in the editor', () => {
	const contractFields = [
		...Object.keys(agentOverridesSchema.shape),
		...AGENT_PROMPT_FIELDS,
	].sort();

	/** From version 4: the seed's fields and every published one but the deliberate exclusions. */
	const typedFromV4 = [
		...new Set([
			...contractFields,
			...PUBLISHED_UPDATE_FIELDS.filter((field) => !(field in NOT_TYPED)),
		]),
	].sort();

	it('Update offers every field of the contract exactly once', () => {
		expect(offeredFields('update').sort()).toEqual(typedFromV4);
		expect(offeredFields('update', true).sort()).toEqual(contractFields);
	});

	it.each(['create', 'clone'])(
		'%s offers every field but the title, which has its own parameter',
		(operation) => {
			expect(offeredFields(operation).sort()).toEqual(
				typedFromV4.filter((field) => field !== 'title'),
			);
			expect(offeredFields(operation, true).sort()).toEqual(
				contractFields.filter((field) => field !== 'title'),
			);
		},
	);
});

describe('agent fields contract', () => {
	it('is the override object of SMS and calls, the prompt fields, and every field of the OpenAPI update schema', () => {
		expect(overridesForSms).toBe(agentOverridesSchema);
		const expected = new Set([
			...Object.keys(agentOverridesSchema.shape),
			...AGENT_PROMPT_FIELDS,
			...PUBLISHED_UPDATE_FIELDS,
		]);
		expect(Object.keys(agentFieldsSchema.shape).sort()).toEqual([...expected].sort());
	});

	it("a new agent takes the create schema's fields and the seed's own, none that only the update schema has", () => {
		const createFields = Object.keys(newAgentSchema.shape);
		for (const field of PUBLISHED_CREATE_FIELDS) expect(createFields).toContain(field);
		expect(createFields.filter(isUpdateOnlyAgentField)).toEqual([]);
		expect(createFields).toEqual(
			expect.arrayContaining(['messageAggregationSeconds', 'emailConfig', 'vg_instructions']),
		);
		expect(PUBLISHED_UPDATE_FIELDS.filter(isUpdateOnlyAgentField)).toHaveLength(78);
	});

	it('says "nothing set" only when nothing is set, and names an unknown field as such', () => {
		expect(agentChangesSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
			'set at least one field to change',
		]);
		expect(
			agentChangesSchema.safeParse({ colour: 'red' }).error?.issues.map((issue) => issue.code),
		).toEqual(['unrecognized_keys']);
	});

	it('needs a title for a new agent', () => {
		expect(newAgentSchema.safeParse({ lang: 'en' }).success).toBe(false);
		expect(newAgentSchema.safeParse({ title: 'Ava', lang: 'en' }).success).toBe(true);
	});
});
