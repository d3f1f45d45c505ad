import {
	AGENT_ANALYTICS_FIELDS,
	AGENT_BOOLEAN_FIELDS,
	AGENT_NUMBER_FIELDS,
	AGENT_PROMPT_LIST_FIELDS,
	AGENT_PROMPT_TEXT_FIELDS,
	AGENT_SMS_AUTH_TOKEN_FIELD,
	AGENT_STRUCTURE_FIELDS,
	AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS,
	AGENT_TELEPHONY_SMS_TEXT_FIELDS,
	AGENT_TEXT_FIELDS,
} from '../../../shared/contracts/agentFieldNames';
import { publishedKindOf } from './publishedKinds';
import {
	ADDED_TO_GROUP,
	INTEGRATIONS_GROUP,
	KNOWLEDGE_BASE_GROUP,
	MODEL_GROUP,
} from './publishedGroups';

/**
 * How Agent > Create, Update and Clone group the agent's fields in the editor. The fields and
 * their types are the contract's (nodes/shared/contracts/agentFields.ts); only the grouping is
 * the editor's. Each group is one collection parameter, stored under its name.
 *
 * Node versions 1 to 3 group by data type (Text Fields, Number Fields, On/Off Settings,
 * Structures), as their workflows stored them. Version 4 groups by what a user wants to change:
 * to change how handoff behaves, open Handoff, not "the on/off settings".
 */

export type FieldKind =
	| 'text'
	| 'longText'
	| 'number'
	| 'boolean'
	| 'secret'
	| 'json'
	| 'options'
	| 'model';

export interface Group {
	displayName: string;
	name: string;
	placeholder: string;
	fields: Array<[string, FieldKind]>;
}

const LONG_TEXT = new Set<string>([
	'description',
	'proactiveMessage',
	'chatEndMessage',
	'aiIntroductionMessage',
	'ADVANCED_customCSS',
	'customThemeJSONString',
	...AGENT_PROMPT_TEXT_FIELDS,
]);
const NUMBER = new Set<string>(AGENT_NUMBER_FIELDS);
const BOOLEAN = new Set<string>([
	...AGENT_BOOLEAN_FIELDS,
	...AGENT_ANALYTICS_FIELDS,
	...AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS,
]);
const JSON_FIELDS = new Set<string>([...AGENT_STRUCTURE_FIELDS, ...AGENT_PROMPT_LIST_FIELDS]);

/** The editor's kind of a contract field, from the contract list it is in. */
export function kindOf(field: string): FieldKind {
	if (field === AGENT_SMS_AUTH_TOKEN_FIELD) return 'secret';
	if (NUMBER.has(field)) return 'number';
	if (BOOLEAN.has(field)) return 'boolean';
	if (JSON_FIELDS.has(field)) return 'json';
	if (LONG_TEXT.has(field)) return 'longText';
	// The seed's lists decide first, so the fields earlier versions show keep their kind.
	return publishedKindOf(field) ?? 'text';
}

const withKinds = (fields: readonly string[]): Array<[string, FieldKind]> =>
	fields.map((field) => [field, kindOf(field)]);

/** A group of version 4 with the published fields added to it (./publishedGroups.ts). */
const placed = (group: Omit<Group, 'fields'> & { fields: readonly string[] }): Group => ({
	...group,
	fields: withKinds([...group.fields, ...(ADDED_TO_GROUP[group.name] ?? [])]),
});

/** Shared by every version: the prompt (what users change most) and the SMS integration. */
const PROMPT: Group = {
	displayName: 'Prompt',
	name: 'promptFields',
	placeholder: 'Add Prompt Field',
	fields: withKinds([...AGENT_PROMPT_TEXT_FIELDS, ...AGENT_PROMPT_LIST_FIELDS]),
};
const TELEPHONY_SMS: Group = {
	displayName: 'Telephony SMS',
	name: 'telephonySmsFields',
	placeholder: 'Add SMS Integration Field',
	fields: withKinds([...AGENT_TELEPHONY_SMS_TEXT_FIELDS, ...AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS]),
};

/** Versions 1 to 3: the seed's table order, by data type. Never change: workflows store these. */
export function dataTypeGroups(): Group[] {
	return [
		PROMPT,
		{
			displayName: 'Text Fields',
			name: 'textFields',
			placeholder: 'Add Text Field',
			fields: withKinds(AGENT_TEXT_FIELDS),
		},
		{
			displayName: 'Number Fields',
			name: 'numberFields',
			placeholder: 'Add Number Field',
			fields: withKinds(AGENT_NUMBER_FIELDS),
		},
		{
			displayName: 'On/Off Settings',
			name: 'booleanFields',
			placeholder: 'Add Setting',
			fields: withKinds(AGENT_BOOLEAN_FIELDS),
		},
		{
			displayName: 'Analytics Hiding',
			name: 'analyticsFields',
			placeholder: 'Add Analytics Setting',
			fields: withKinds(AGENT_ANALYTICS_FIELDS),
		},
		TELEPHONY_SMS,
		{
			displayName: 'Structures (JSON)',
			name: 'structureFields',
			placeholder: 'Add Structure',
			fields: withKinds(AGENT_STRUCTURE_FIELDS),
		},
	];
}

/**
 * Version 4: by what the field changes, the model first. Every field of the contract is in
 * exactly one group (a test checks it, so a field added to the contract must be placed here or in
 * ./publishedGroups.ts).
 */
export function topicGroups(): Group[] {
	return [
		placed(MODEL_GROUP),
		PROMPT,
		placed(KNOWLEDGE_BASE_GROUP),
		placed({
			displayName: 'Identity and Appearance',
			name: 'appearanceFields',
			placeholder: 'Add Identity or Appearance Field',
			fields: [
				'title',
				'description',
				'lang',
				'theme',
				'light',
				'branding',
				'fontFamily',
				'customThemeJSONString',
				'ADVANCED_customCSS',
				'roundedImageURL',
				'rectangeImageURL',
				'avatarImageUrl',
				'headerImageUrl',
				'bannerImageUrl',
				'chatBgURL',
				'starred',
			],
		}),
		placed({
			displayName: 'Chat Widget',
			name: 'chatWidgetFields',
			placeholder: 'Add Chat Widget Field',
			fields: [
				'proactiveMessage',
				'chatEndMessage',
				'aiIntroductionMessage',
				'enableAIIntroductionMessage',
				'autoOpenWidget',
				'autoStartWidget',
				'scrollAnimation',
				'disableSmoothScroll',
				'acceptFileUpload',
				'disableFileUpload',
				'enableQuickFileUpload',
				'soundEffectEnabled',
				'soundEffectUrl',
				'syncBrowser',
				'listenForUrlChanges',
				'chatForget',
				'recordChatHistory',
				'messageDelayMS',
				'delayBeforeSubmit',
				'messagesLimit',
				'messageAggregationSeconds',
				'disableRating',
				'enableBugReporting',
				'smartInit',
				'AITranslateTo',
				'enableAITranslate',
				'translateUserResponse',
				'gdprCompliance',
				'privacyDisclaimer',
				'disableNoReplyListener',
				'captureIGStories',
				'tabs',
			],
		}),
		placed({
			displayName: 'Handoff',
			name: 'handoffFields',
			placeholder: 'Add Handoff Setting',
			fields: [
				'disableHumanHandoff',
				'alwaysShowHandoff',
				'manualControl',
				'fixedHandoffPopup',
				'disableHandoffMessages',
				'disableHandoffStatusMessages',
				'blockInputDuringHandoffRequest',
				'persistHandoffOnRefresh',
				'showHandoffEvenIfOffline',
			],
		}),
		placed({
			displayName: 'Voice',
			name: 'voiceFields',
			placeholder: 'Add Voice Field',
			fields: ['voiceConfig', 'enableAudioSupport'],
		}),
		TELEPHONY_SMS,
		placed(INTEGRATIONS_GROUP),
		placed({
			displayName: 'Analytics',
			name: 'analyticsSettings',
			placeholder: 'Add Analytics Setting',
			fields: [
				...AGENT_ANALYTICS_FIELDS,
				'enableGeoAnalytics',
				'convoTags',
				'funnelConfig',
				'topicsConfig',
			],
		}),
		placed({
			displayName: 'Advanced (JSON and Runtime)',
			name: 'advancedFields',
			placeholder: 'Add Advanced Field',
			fields: [
				'enableNodes',
				'nodes',
				'nodesSettings',
				'tools',
				'assignedToolsIds',
				'kbTags',
				'enableFallback',
				'fallbackSettings',
				'limits',
				'leadCollectionRules',
				'emailConfig',
				'identityResolutionSettings',
				'webControlConfig',
				'inboundEngagement',
				'autoTest',
				'webhookUrl',
				'agentPlatform',
				'storageID',
				'createdAtUNIX',
				'allTimeTriggers',
				'disabled',
				'isDeployed',
				'deployed',
			],
		}),
	];
}
