import { telcoField } from '../telco';

/**
 * The agent's own fields, as the seed's "Agent override object" table groups them, plus the
 * classic prompt fields of the public OpenAPI's agent object. One home for three uses: the SMS
 * and call runtime overrides (`agentOverrides`), Agent > Create / Update / Clone (the `agent`
 * object of `POST /agents` and `PATCH /agents/{id}`), and the sandbox that checks both. The node
 * builds its typed fields from the same lists, so the editor and the contract cannot drift.
 */

export const AGENT_TEXT_FIELDS = [
	'title',
	'description',
	'theme',
	'agentPlatform',
	'storageID',
	'roundedImageURL',
	// `rectangeImageURL` is spelled so by the API.
	'rectangeImageURL',
	'proactiveMessage',
	'chatBgURL',
	'fontFamily',
	'branding',
	'customThemeJSONString',
	'lang',
	'AITranslateTo',
	'ADVANCED_customCSS',
	'webhookUrl',
	'chatEndMessage',
	'aiIntroductionMessage',
	'avatarImageUrl',
	'headerImageUrl',
	'bannerImageUrl',
	'soundEffectUrl',
] as const;

export const AGENT_NUMBER_FIELDS = [
	'createdAtUNIX',
	'messageDelayMS',
	'allTimeTriggers',
	'delayBeforeSubmit',
	'messagesLimit',
	'messageAggregationSeconds',
] as const;

export const AGENT_BOOLEAN_FIELDS = [
	'light',
	'autoOpenWidget',
	'disabled',
	'scrollAnimation',
	'acceptFileUpload',
	'recordChatHistory',
	'disableSmoothScroll',
	'isDeployed',
	'deployed',
	'autoStartWidget',
	'syncBrowser',
	'listenForUrlChanges',
	'chatForget',
	'enableAudioSupport',
	'enableAITranslate',
	'disableNoReplyListener',
	'disableHumanHandoff',
	'alwaysShowHandoff',
	'manualControl',
	'enableGeoAnalytics',
	'fixedHandoffPopup',
	'enableNodes',
	'enableFallback',
	'disableRating',
	'enableAIIntroductionMessage',
	'captureIGStories',
	'gdprCompliance',
	'disableFileUpload',
	'soundEffectEnabled',
	'enableQuickFileUpload',
	'enableBugReporting',
	'disableHandoffMessages',
	'disableHandoffStatusMessages',
	'blockInputDuringHandoffRequest',
	'persistHandoffOnRefresh',
	'showHandoffEvenIfOffline',
	'smartInit',
	'translateUserResponse',
	'starred',
] as const;

export const AGENT_ANALYTICS_FIELDS = [
	'hideCallAnalytics',
	'hideConversationMetrics',
	'hideCustomAnalytics',
	'hideFunnelAnalytics',
	'hideHandoffAnalytics',
] as const;

/** The SMS integration's fields: `telco…` in the spec, the provider's word on the wire (telco.ts). */
export const AGENT_TELEPHONY_SMS_TEXT_FIELDS = [
	telcoField('SmsAccountSid'),
	telcoField('SmsAuthToken'),
	telcoField('SmsPhoneNumber'),
	telcoField('SmsMode'),
	telcoField('SmsPhoneNumberSid'),
	telcoField('SmsRentalSubscriptionId'),
	telcoField('SmsRentalStatus'),
] as const;
export const AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS = [telcoField('SmsVerified')] as const;
/** Stored encrypted by Convocore; a secret wherever the node handles it. */
export const AGENT_SMS_AUTH_TOKEN_FIELD = telcoField('SmsAuthToken');

export const AGENT_STRING_LIST_FIELDS = ['assignedToolsIds', 'convoTags', 'kbTags'] as const;
export const AGENT_LIST_FIELDS = ['tools', 'nodes', 'tabs'] as const;
/** Structures the public OpenAPI types as objects. */
export const AGENT_OBJECT_FIELDS = [
	'voiceConfig',
	'nodesSettings',
	'fallbackSettings',
	'limits',
	'leadCollectionRules',
	'privacyDisclaimer',
] as const;
/** Structures no public source shows the shape of: any JSON value is passed through. */
export const AGENT_UNTYPED_FIELDS = [
	'emailConfig',
	'identityResolutionSettings',
	'funnelConfig',
	'webControlConfig',
	'topicsConfig',
	'inboundEngagement',
	'autoTest',
] as const;
export const AGENT_STRUCTURE_FIELDS = [
	...AGENT_STRING_LIST_FIELDS,
	...AGENT_LIST_FIELDS,
	...AGENT_OBJECT_FIELDS,
	...AGENT_UNTYPED_FIELDS,
] as const;

/**
 * The classic single-prompt fields of the OpenAPI's agent object (`vg_prompt`, `vg_systemPrompt`,
 * `vg_initPrompt`, `vg_initMessages`) and `vg_instructions`, the legacy main prompt the public
 * MCP client sends. With `enableNodes` on, Convocore ignores them (seed): the prompt of a node
 * agent is `nodes[0].instructions`.
 */
export const AGENT_PROMPT_TEXT_FIELDS = [
	'vg_systemPrompt',
	'vg_prompt',
	'vg_initPrompt',
	'vg_instructions',
] as const;
export const AGENT_PROMPT_LIST_FIELDS = ['vg_initMessages'] as const;
export const AGENT_PROMPT_FIELDS = [
	...AGENT_PROMPT_TEXT_FIELDS,
	...AGENT_PROMPT_LIST_FIELDS,
] as const;
