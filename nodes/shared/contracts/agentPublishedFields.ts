/**
 * The agent fields Convocore's OpenAPI 1.0.4 documents (`POST /agents` and `PATCH /agents/{id}`,
 * `agent` object; shared/spec/convocore-v3-published-contract.md), by type. The create schema
 * lists 69 fields; the update schema those 69 and 78 more. A field only the update schema lists
 * is dropped without an error when sent on create (the real server strips unknown keys), so
 * Agent > Create sends those in a second request, a PATCH.
 *
 * The names are the API's, misspellings included (`whatsappBusniessId`, `rectangeImageURL`).
 * Nested objects are typed as objects only: their inner keys vary with the agent's platform and
 * are passed through as given.
 */

/** On create and on update. */
export const PUBLISHED_CREATE_TEXT_FIELDS = [
	'title',
	'description',
	'theme',
	'agentPlatform',
	'storageID',
	'customThemeJSONString',
	'lang',
	'AITranslateTo',
	'ADVANCED_customCSS',
	'whatsappToken',
	'whatsappNumberId',
	'whatsappBusniessId',
	'waTestNumber',
	'webhookUrl',
	'gcloudPrivateKey',
	'gcloudClientEmail',
	'UIhandoffTitle',
	'UIhandoffSubtitle',
	'igAccessToken',
	'customButtonJSON_STRING',
	'chatEndMessage',
	'aiIntroductionMessage',
] as const;
export const PUBLISHED_CREATE_NUMBER_FIELDS = ['createdAtUNIX', 'messagesLimit'] as const;
export const PUBLISHED_CREATE_BOOLEAN_FIELDS = [
	'light',
	'enableVertex',
	'autoOpenWidget',
	'enableAudioSupport',
	'enableAITranslate',
	'disableNoReplyListener',
	'disableHumanHandoff',
	'alwaysShowHandoff',
	'manualControl',
	'enableVGHandoff',
	'enableGeoAnalytics',
	'hideVoiceflowAnalytics',
	'hideCallAnalytics',
	'hideConversationMetrics',
	'hideCustomAnalytics',
	'hideVapiAnalytics',
	'hideFunnelAnalytics',
	'fixedHandoffPopup',
	'waVerifyPassed',
	'waTestPassed',
	'smartInit',
	'igVerified',
	'showHandoffEvenIfOffline',
	'persistHandoffOnRefresh',
	'blockInputDuringHandoffRequest',
	'vg_enableUIEngineForms',
	'translateUserResponse',
	'disableTranscriptSharing',
	'enableFallback',
	'disableRating',
	'enableAIIntroductionMessage',
	'deployed',
	'captureIGStories',
	'gdprCompliance',
	'disableFileUpload',
] as const;
export const PUBLISHED_CREATE_OBJECT_FIELDS = [
	'voiceConfig',
	'fallbackSettings',
	'marketplace',
	'privacyDisclaimer',
	'leadCollectionRules',
	'customTheme',
] as const;
export const PUBLISHED_CREATE_LIST_FIELDS = ['nodes'] as const;
/** Closed lists of values, on create and on update. */
export const PUBLISHED_ENUM_FIELDS = {
	buttonsLayout: ['horizontal', 'vertical', 'in-footer'],
	buttonVariant: ['custom', 'solid', 'bordered', 'light', 'flat', 'faded', 'shadow', 'ghost'],
	inputVariant: ['custom', 'flat', 'bordered', 'faded', 'underlined'],
} as const;

/** Only on update: sent on create they are dropped without a word. */
export const PUBLISHED_UPDATE_ONLY_TEXT_FIELDS = [
	'ownerID',
	'ID',
	'id',
	'VF_DIALOGUE_API_KEY',
	'VF_PROJECT_API_KEY',
	'VF_PROJECT_ID',
	'VF_KB_API_KEY',
	'roundedImageURL',
	'rectangeImageURL',
	'proactiveMessage',
	'chatBgURL',
	'fontFamily',
	'branding',
	'vg_initPrompt',
	'vg_prompt',
	'vg_systemPrompt',
	// The OpenAPI closes vg_defaultModel to 61 model names; models come and go faster than a
	// release, so any text is taken here and Convocore judges it.
	'vg_defaultModel',
	'SECRET_API_KEY',
	'avatarImageUrl',
	'headerImageUrl',
	'bannerImageUrl',
	'soundEffectUrl',
	'instaAgentUsername',
] as const;
export const PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS = [
	'messageDelayMS',
	'lastModified',
	'allTimeTriggers',
	'delayBeforeSubmit',
	'vg_temperature',
	'vg_maxTokens',
	'vg_kbDefaultDimension',
	'vg_kbTopChunks',
	'vg_kbCharCount',
	'vg_kbDocsNum',
	'vg_max_messages_history',
	'ifKnowsThreshold',
] as const;
export const PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS = [
	'disabled',
	'withRefresh',
	'scrollAnimation',
	'acceptFileUpload',
	'recordChatHistory',
	'disableSmoothScroll',
	'isDeployed',
	'autoStartWidget',
	'syncBrowser',
	'listenForUrlChanges',
	'chatForget',
	'vg_enableUIEngine',
	'vg_enableAboutContext',
	'soundEffectEnabled',
	'enableQuickFileUpload',
	'starred',
	'disableAutoTranscribeAudio',
	'enableNodes',
] as const;
export const PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS = [
	'vg_initMessages',
	'assignedToolsIds',
	'convoTags',
	'kbTags',
] as const;
export const PUBLISHED_UPDATE_ONLY_LIST_FIELDS = ['tools', 'tabs', 'kbTagsDataMap'] as const;
export const PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS = [
	'vg_kb_llm',
	'instagramOptions',
	'flowise',
	'vfSettings',
	'vapiConfig',
	'vgOptions',
	'ui',
	'internal',
	'vfConfig',
	'discord',
	'limits',
	'advanced',
	'nodesSettings',
] as const;
/** Typed as anything by the OpenAPI. */
export const PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS = [
	'vectorDb',
	'tokensUsage',
	'maxTokensUsage',
	'vapi',
] as const;
export const PUBLISHED_UPDATE_ONLY_ENUM_FIELDS = { region: ['eu', 'na'] } as const;

/** Every field of the create schema (69). */
export const PUBLISHED_CREATE_FIELDS: readonly string[] = [
	...PUBLISHED_CREATE_TEXT_FIELDS,
	...PUBLISHED_CREATE_NUMBER_FIELDS,
	...PUBLISHED_CREATE_BOOLEAN_FIELDS,
	...PUBLISHED_CREATE_OBJECT_FIELDS,
	...PUBLISHED_CREATE_LIST_FIELDS,
	...Object.keys(PUBLISHED_ENUM_FIELDS),
];

/** The fields only the update schema has (78). */
export const PUBLISHED_UPDATE_ONLY_FIELDS: readonly string[] = [
	...PUBLISHED_UPDATE_ONLY_TEXT_FIELDS,
	...PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS,
	...PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS,
	...PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS,
	...PUBLISHED_UPDATE_ONLY_LIST_FIELDS,
	...PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS,
	...PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS,
	...Object.keys(PUBLISHED_UPDATE_ONLY_ENUM_FIELDS),
];

/** Every field of the update schema (147). */
export const PUBLISHED_UPDATE_FIELDS: readonly string[] = [
	...PUBLISHED_CREATE_FIELDS,
	...PUBLISHED_UPDATE_ONLY_FIELDS,
];
